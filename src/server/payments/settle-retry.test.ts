import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createPendingPayment } from '#test/factories/payment-factory.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';
import { settle } from './settle.js';

const codes = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock('./receipt-code.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./receipt-code.js')>();
  return {
    ...original,
    generateReceiptCode: () => codes.next.shift() ?? original.generateReceiptCode(),
  };
});

describeEachDatabase('settle() retries', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  it('a receipt-code collision (wrapped by the driver layer) is retried with a new code', async () => {
    const nominee = await createNominee(database.db);
    const votes = [{ nominationId: nominee.nominations[0]!.id, voteCount: 1 }];
    const first = await createPendingPayment(database.db, { votes });
    const second = await createPendingPayment(database.db, { votes });
    codes.next = ['AAAAAAAAAAAA', 'AAAAAAAAAAAA', 'BBBBBBBBBBBB'];
    const outcome = (amount: number) => ({ status: 'completed', amount, currency: 'XAF' }) as const;
    const a = await settle(
      { db: database.db, outbox: null },
      first.id,
      outcome(first.amount),
      'webhook',
    );
    const b = await settle(
      { db: database.db, outbox: null },
      second.id,
      outcome(second.amount),
      'webhook',
    );
    expect(a.receiptCode).toBe('AAAAAAAAAAAA');
    expect(b).toMatchObject({ changed: true, status: 'completed', receiptCode: 'BBBBBBBBBBBB' });
  });
});
