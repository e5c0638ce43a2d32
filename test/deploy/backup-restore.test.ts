import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { openDatabase, type Database } from '#server/db/client.js';
import { runMigrations } from '#server/db/migrate.js';
import { financeReport } from '#server/features/finance/finance-report.js';
import { checkIntegrity } from '#server/payments/integrity-check.js';
import { createAuditEntries } from '#test/factories/audit-factory.js';
import { currentEdition } from '#test/factories/event-factory.js';
import {
  createCompletedPayment,
  createNeedsReviewPayment,
  createPendingPayment,
  revisePaymentAs,
} from '#test/factories/payment-factory.js';
import { nomineeWith, split } from '#test/support/payment-test-kit.js';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';

const run = promisify(execFile);

/** Every table's row count, to compare a database with its restored copy. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
    counts[name] = row!.n;
  }
  return counts;
}

/**
 * The backup the operations guide gives (`pg_dump -Fc`, then `pg_restore` into a new database) of
 * a database with every kind of money in it: the restored copy passes the integrity check, gives
 * the same finance report, row for row the same tables, and its audit trail still refuses changes.
 */
describePostgres('a backup restored into a fresh database', () => {
  let original: TestDatabase;
  let restored: Database;
  let dropRestored: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    original = await createTestDatabase('postgres');
    const { db } = original;
    const nominee = await nomineeWith(db, 2);
    for (const provider of ['campay', 'stripe'] as const) {
      await createCompletedPayment(db, { provider, votes: split(nominee, [3, 1]) });
    }
    const refunded = await createCompletedPayment(db, {
      provider: 'stripe',
      votes: split(nominee, [4, 0]),
    });
    await revisePaymentAs(db, refunded.id, { kind: 'refund', refundedAmount: 50 });
    const disputed = await createCompletedPayment(db, {
      provider: 'stripe',
      votes: split(nominee, [2, 2]),
    });
    await revisePaymentAs(db, disputed.id, { kind: 'dispute', disputeId: 'dp_1', status: 'lost' });
    await createNeedsReviewPayment(db, { votes: split(nominee, [1, 1]) });
    await createPendingPayment(db, { votes: split(nominee, [5, 0]) });
    await createAuditEntries(db, [
      { action: 'payment.refund', entityType: 'payment', entityId: refunded.id, reason: 'Twice' },
    ]);

    dir = mkdtempSync(path.join(tmpdir(), 'palmares-backup-'));
    const file = path.join(dir, 'palmares.dump');
    await run('pg_dump', ['--format=custom', '--file', file, original.url!]);
    const target = await createScratchDatabase('palmares_restore');
    dropRestored = target.drop;
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', target.url, file]);
    restored = await openDatabase({ kind: 'postgres', url: target.url });
  });
  afterAll(async () => {
    await restored?.close();
    await dropRestored?.();
    await original?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes the integrity check and gives the same finance report', async () => {
    const now = new Date();
    expect(await checkIntegrity(restored.db, now)).toMatchObject({ ok: true, differences: [] });
    const { eventTimezone, feeEstimates } = loadConfig({ NODE_ENV: 'test' });
    const report = async (database: Database) =>
      financeReport(database.db, {
        editionId: await currentEdition(database.db),
        period: 'all',
        now,
        timeZone: eventTimezone,
        feeEstimates,
      });
    const before = await report(original);
    expect(before.rows.length).toBeGreaterThan(0);
    expect(await report(restored)).toEqual(before);
  });

  it('holds every row, knows its migrations, and keeps the audit trail append-only', async () => {
    expect(await rowCounts(restored)).toEqual(await rowCounts(original));
    // Nothing left to apply: the migrations' own record came along.
    await runMigrations(restored);
    expect(await rowCounts(restored)).toEqual(await rowCounts(original));
    await expect(restored.query(`UPDATE audit_log SET reason = 'edited'`)).rejects.toThrow(
      /append-only/,
    );
  });
});
