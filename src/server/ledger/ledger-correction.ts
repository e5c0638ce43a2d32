import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { resultsLedgerCorrections } from '#server/db/schema.js';
import type { LedgerCorrection, NominationVotes } from '#shared/schemas/ledger.js';
import { correctionsChain, headOf } from './ledger-chain.js';
import { correctionHash, receiptHashOf, type LedgerSalting } from './ledger-format.js';

export interface CorrectionInput {
  /** The edition of the payment: its ledger is the one corrected. */
  editionId: number;
  receiptCode: string | null;
  /** Vote changes per nomination; zeros are left out. */
  changes: readonly NominationVotes[];
  reason: LedgerCorrection['reason'];
  at: Date;
}

/** Keys the chain's lock: one chain per ledger, appended one transaction at a time. */
const CHAIN_LOCK = 58;

/** One correction to append, its changes sorted and without zeros. */
interface CorrectionRow {
  receiptCode: string;
  changes: NominationVotes[];
  reason: LedgerCorrection['reason'];
  at: Date;
}

/**
 * Appends dated corrections to the published ledgers, in the transaction `tx` that changes the
 * payments' counted votes: each to its payment's edition's ledger, when that edition's results are
 * published with one. The published entries stay as they were: a reader adds the corrections up
 * (ADR 0058).
 *
 * Each edition's row is read FOR SHARE, which waits for a publication under way (it holds the row
 * from its UPDATE to its commit) and makes a publication wait for this transaction. The ledger is
 * then read in a statement of its own, after that wait, so it sees a publication that just
 * committed: either the ledger was built before this change and gets the correction, or after it
 * and already counts it. Editions are taken in id order, as settle() locks them.
 *
 * Each correction links to the one before it, so appends to one ledger take turns: a transaction
 * lock per ledger, held to the commit, makes the link read here the last one committed (the unique
 * index on `previous` refuses a fork should anything skip the lock).
 *
 * Every change of a published payment's votes is appended, including one whose payment had no
 * entry (all its votes held back at publication, given back by a dispute won; or a payment
 * credited after publication), so the corrected totals always equal the tallies.
 */
export async function appendLedgerCorrections(
  tx: Db,
  inputs: readonly CorrectionInput[],
): Promise<number> {
  const byEdition = new Map<number, CorrectionRow[]>();
  for (const input of inputs) {
    const changes = input.changes
      .filter((c) => c.votes !== 0)
      .sort((a, b) => (a.nominationId < b.nominationId ? -1 : 1));
    if (input.receiptCode === null || changes.length === 0) continue;
    const rows = byEdition.get(input.editionId) ?? [];
    rows.push({ receiptCode: input.receiptCode, changes, reason: input.reason, at: input.at });
    byEdition.set(input.editionId, rows);
  }
  let appended = 0;
  for (const editionId of [...byEdition.keys()].sort((a, b) => a - b)) {
    appended += await appendToEditionLedger(tx, editionId, byEdition.get(editionId)!);
  }
  return appended;
}

async function appendToEditionLedger(
  tx: Db,
  editionId: number,
  rows: readonly CorrectionRow[],
): Promise<number> {
  const [edition] = rowsOf<{ published: boolean }>(
    await tx.execute(sql`
      SELECT results_published_at IS NOT NULL AS published FROM editions
      WHERE id = ${editionId} FOR SHARE`),
  );
  if (!edition?.published) return 0;
  const [ledger] = rowsOf<{ id: number; root: string } & LedgerSalting>(
    await tx.execute(sql`
      SELECT l.id, l.root, l.salt, l.salt_key AS "saltKey" FROM results_ledgers l
      JOIN editions e ON e.id = l.edition_id AND l.published_at = e.results_published_at
      WHERE e.id = ${editionId}`),
  );
  // Results published without a ledger (before ledgers existed): nothing to correct.
  if (!ledger) return 0;
  const ledgerId = Number(ledger.id);
  // Hashed before the lock: scrypt takes milliseconds another append need not wait for.
  const hashed = await Promise.all(rows.map((row) => receiptHashOf(ledger, row.receiptCode)));
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK}::int, ${ledgerId}::int)`);
  let previous = headOf(ledger.root, await lastLinks(tx, { id: ledgerId, root: ledger.root }));
  const values = rows.map((row, i) => {
    const link = {
      previous,
      root: ledger.root,
      ...hashed[i]!,
      changes: row.changes,
      reason: row.reason,
      at: row.at.toISOString(),
    };
    const hash = correctionHash(link);
    previous = hash;
    return {
      ledgerId,
      receiptHash: link.receiptHash,
      salt: link.salt ?? null,
      changes: row.changes,
      reason: row.reason,
      at: row.at,
      previous: link.previous,
      hash,
    };
  });
  await tx.insert(resultsLedgerCorrections).values(values);
  return rows.length;
}

/** The chain's last link: read alone when it has its hash, else the whole chain computes it. */
async function lastLinks(
  tx: Db,
  ledger: { id: number; root: string },
): Promise<{ hash: string }[]> {
  const [last] = rowsOf<{ hash: string | null }>(
    await tx.execute(sql`
      SELECT hash FROM results_ledger_corrections WHERE ledger_id = ${ledger.id}
      ORDER BY id DESC LIMIT 1`),
  );
  if (!last) return [];
  if (last.hash !== null) return [{ hash: last.hash }];
  return correctionsChain(tx, ledger);
}
