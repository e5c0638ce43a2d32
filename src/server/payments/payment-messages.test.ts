import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi, type Mock } from 'vitest';
import { rowsOf } from '#server/db/rows.js';
import { outboxMessages } from '#server/db/schema.js';
import type { MessageOutbox } from '#server/outbox/outbox-store.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createPendingPayment, settlePayment } from '#test/factories/payment-factory.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';
import { revisePayment } from './revise-payment.js';
import { settle, settleBatch } from './settle.js';

const PUBLIC_URL = 'https://vote.example.com';

describeEachDatabase('messages written with the payment change', (kind) => {
  let database: TestDatabase;
  let outbox: MessageOutbox & { written: Mock<() => void> };
  const deps = () => ({ db: database.db, outbox });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  const messagesOf = (paymentId: string) =>
    database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.paymentId, paymentId))
      .orderBy(outboxMessages.createdAt, outboxMessages.channel);

  /** A mobile-money order of 3 + 2 votes in two categories, with a phone and an e-mail. */
  async function order(options: { language?: 'en' | 'fr'; email?: string | null } = {}) {
    const album = await createCategory(database.db, {
      name: 'Best Album',
      nameFr: 'Meilleur album',
    });
    const song = await createCategory(database.db, {
      name: 'Best Song',
      nameFr: 'Meilleure chanson',
    });
    const nominee = await createNominee(database.db, { categoryIds: [album.id, song.id] });
    outbox = { publicUrl: PUBLIC_URL, written: vi.fn<() => void>() };
    return createPendingPayment(database.db, {
      provider: 'campay',
      votes: [
        { nominationId: nominee.nominations[0]!.id, voteCount: 3 },
        { nominationId: nominee.nominations[1]!.id, voteCount: 2 },
      ],
      payment: {
        phoneNumber: '237677123456',
        voterEmail: options.email === undefined ? 'fan@example.com' : options.email,
        language: options.language ?? 'en',
      },
    });
  }
  const paid = (payment: { amount: number; currency: string }) =>
    ({ status: 'completed', amount: payment.amount, currency: payment.currency }) as const;

  it('a completed payment gets its receipt by SMS and by e-mail, in the voter’s language, once', async () => {
    const payment = await order({ language: 'fr' });
    const first = await settle(deps(), payment.id, paid(payment), 'webhook');
    const code = first.receiptCode!;
    // A repeat of the same report moves nothing and writes nothing.
    await settle(deps(), payment.id, paid(payment), 'poll');
    const messages = await messagesOf(payment.id);
    expect(messages.map((m) => [m.channel, m.recipient, m.kind, m.language, m.state])).toEqual([
      ['email', 'fan@example.com', 'receipt', 'fr', 'pending'],
      ['sms', '+237677123456', 'receipt', 'fr', 'pending'],
    ]);
    const link = `${PUBLIC_URL}/my-receipts?code=${code}`;
    const [email, sms] = messages;
    expect(email!.subject).toBe(`Votre reçu Palmarès ${code}`);
    expect(email!.body).toContain('Meilleur album: 3 votes');
    expect(email!.body).toContain('Meilleure chanson: 2 votes');
    expect(email!.body).toContain('500 CFA');
    expect(email!.body).toContain(link);
    expect(email!.html).toContain(`href="${link}"`);
    expect(sms!.body).toBe(
      `Recu Palmares ${code}. 5 votes, 500 CFA. Meilleur album x3, Meilleure chanson x2. ${link}`,
    );
    expect(sms!.body.length).toBeLessThanOrEqual(160);
    // Told once, after the commit.
    expect(outbox.written).toHaveBeenCalledTimes(1);
  });

  it('writes in English for an English voter, and only the e-mail of a card payment', async () => {
    const nominee = await createNominee(database.db);
    outbox = { publicUrl: PUBLIC_URL, written: vi.fn<() => void>() };
    const payment = await createPendingPayment(database.db, {
      provider: 'stripe',
      votes: [{ nominationId: nominee.nominations[0]!.id, voteCount: 3 }],
      payment: { voterEmail: 'card@example.com' },
    });
    const { receiptCode } = await settle(deps(), payment.id, paid(payment), 'webhook');
    const messages = await messagesOf(payment.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: 'email',
      language: 'en',
      subject: `Your Palmarès receipt ${receiptCode}`,
    });
    expect(messages[0]!.body).toContain('$1.50');
    expect(messages[0]!.body).toMatch(/Category \d+: 3 votes/);
  });

  it('a settlement rolled back writes no message and tells no worker', async () => {
    const payment = await order();
    await expect(
      settle(deps(), payment.id, paid(payment), 'webhook', {
        inTransaction: () => Promise.reject(new Error('audit row refused')),
      }),
    ).rejects.toThrow('audit row refused');
    expect(await messagesOf(payment.id)).toEqual([]);
    expect(outbox.written).not.toHaveBeenCalled();
  });

  it('a batch writes each completed payment’s receipts, none for a failed one or a voter without contact', async () => {
    const completes = await order({ email: null });
    const fails = await order();
    const nominee = await createNominee(database.db);
    const unreachable = await createPendingPayment(database.db, {
      votes: [{ nominationId: nominee.nominations[0]!.id, voteCount: 1 }],
    });
    await settleBatch(deps(), [
      { paymentId: completes.id, outcome: paid(completes), source: 'webhook' },
      { paymentId: fails.id, outcome: { status: 'failed', reason: 'declined' }, source: 'webhook' },
      { paymentId: unreachable.id, outcome: paid(unreachable), source: 'webhook' },
    ]);
    expect((await messagesOf(completes.id)).map((m) => m.channel)).toEqual(['sms']);
    expect(await messagesOf(fails.id)).toEqual([]);
    expect(await messagesOf(unreachable.id)).toEqual([]);
  });

  it('each refund that returns more money is told, and a dispute once it opens', async () => {
    const payment = await order({ language: 'fr' });
    const { receiptCode } = await settle(deps(), payment.id, paid(payment), 'webhook');
    await revisePayment(deps(), payment.id, { kind: 'refund', refundedAmount: 200 }, 'webhook');
    // The same total again is a repeat: nothing to tell.
    await revisePayment(deps(), payment.id, { kind: 'refund', refundedAmount: 200 }, 'webhook');
    await revisePayment(deps(), payment.id, { kind: 'refund', refundedAmount: 500 }, 'webhook');
    const refunds = (await messagesOf(payment.id)).filter((m) => m.kind === 'refund');
    expect(refunds.map((m) => m.channel).sort()).toEqual(['email', 'email', 'sms', 'sms']);
    const sms = refunds.filter((m) => m.channel === 'sms').map((m) => m.body);
    expect(sms).toContain(
      `Palmares: remboursement ${receiptCode}. 200 CFA sur 500 CFA rembourses, 3 votes comptes. ${PUBLIC_URL}/my-receipts?code=${receiptCode}`,
    );
    expect(sms.some((body) => body.includes('500 CFA rembourses en totalite'))).toBe(true);

    const disputed = await order();
    await settle(deps(), disputed.id, paid(disputed), 'webhook');
    const open = { kind: 'dispute', disputeId: 'dp_1', status: 'needs_response' } as const;
    await revisePayment(deps(), disputed.id, open, 'webhook');
    await revisePayment(deps(), disputed.id, { ...open, status: 'under_review' }, 'webhook');
    const notices = (await messagesOf(disputed.id)).filter((m) => m.kind === 'dispute');
    expect(notices.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(notices.find((m) => m.channel === 'email')!.subject).toMatch(/is disputed$/);
  });

  it('a payment credited after review gets the receipt of what its money paid for', async () => {
    const payment = await order();
    // The provider reported less money than ordered: the payment waits for an admin.
    await settlePayment(database.db, payment.id, { ...paid(payment), amount: 300 });
    const { receiptCode } = await settle(
      deps(),
      payment.id,
      { ...paid(payment), amount: 300 },
      'admin',
      {
        creditReview: true,
      },
    );
    const email = (await messagesOf(payment.id)).find((m) => m.channel === 'email')!;
    expect(email.subject).toBe(`Your Palmarès receipt ${receiptCode}`);
    expect(email.body).toContain('Your payment of 300 CFA is confirmed');
    expect(email.body).toContain('Total: 3 votes');
  });

  it('writes nothing when the caller has no outbox (the demo seed)', async () => {
    const payment = await order();
    await settle({ db: database.db, outbox: null }, payment.id, paid(payment), 'seed');
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM outbox_messages WHERE payment_id = ${payment.id}`,
      ),
    );
    expect(row!.n).toBe(0);
  });
});
