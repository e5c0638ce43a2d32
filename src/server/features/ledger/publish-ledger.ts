import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { resultsLedgers } from '#server/db/schema.js';
import { CREDITED_STATUSES } from '#shared/schemas/payment.js';
import type { LedgerEntry, NominationVotes } from '#shared/schemas/ledger.js';
import { leafHash, receiptHashOf } from '#server/ledger/ledger-format.js';
import { rootOf, treeLevels } from './merkle-tree.js';

/** Rows per INSERT: one JSON parameter each, so the statement's size, not its parameters, grows. */
const BATCH = 5000;
/**
 * Receipts hashed at once: enough to keep libuv's thread pool busy, few enough that the queue
 * never holds a whole ledger's work (each scrypt takes its MiB only while it runs).
 */
const HASHING = 64;

export interface PublishedLedger {
  id: number;
  root: string;
  entryCount: number;
}

/**
 * Receipt codes salted and hashed ahead of the publication's transaction, under the ledger's
 * never-published salt key. A receipt's hash depends on its code alone, not on its votes.
 */
export interface SaltedReceipts {
  saltKey: string;
  hashes: Map<string, { receiptHash: string; salt?: string }>;
}

const CREDITED_RECEIPTS = (editionId: number) => sql`
  FROM payments p JOIN payment_votes v ON v.payment_id = p.id
  WHERE p.edition_id = ${editionId} AND p.status = ANY(string_to_array(${CREDITED_STATUSES.join(',')}, ','))
    AND p.receipt_code IS NOT NULL AND v.counted > 0`;

/** A new ledger's salting: its salt key, never published, and no receipt salted yet. */
const freshSalting = (): SaltedReceipts => ({
  // Each receipt's salt derives from it and the code (ledger/ledger-format.ts).
  saltKey: randomBytes(32).toString('hex'),
  hashes: new Map(),
});

/** Hashes `codes` with `saltKey`, a few at a time on libuv's thread pool. */
async function saltCodes(
  saltKey: string,
  codes: string[],
  into: SaltedReceipts['hashes'],
): Promise<void> {
  for (let start = 0; start < codes.length; start += HASHING) {
    const slice = codes.slice(start, start + HASHING);
    const hashed = await Promise.all(
      slice.map((code) => receiptHashOf({ salt: null, saltKey }, code)),
    );
    slice.forEach((code, i) => into.set(code, hashed[i]!));
  }
}

/**
 * Salts every receipt the edition credits now, outside any transaction: scrypt takes about 4 ms
 * of a core per receipt, a minute for a large event, and the publication's transaction holds the
 * edition's row, which every settlement and revision waits for. The transaction then salts only
 * the receipts credited since.
 */
export async function saltCreditedReceipts(db: Db, editionId: number): Promise<SaltedReceipts> {
  const codes = rowsOf<{ receipt_code: string }>(
    await db.execute(sql`SELECT DISTINCT p.receipt_code ${CREDITED_RECEIPTS(editionId)}`),
  ).map((row) => row.receipt_code);
  const salted = freshSalting();
  await saltCodes(salted.saltKey, codes, salted.hashes);
  return salted;
}

const byNomination = (a: NominationVotes, b: NominationVotes) =>
  a.nominationId < b.nominationId ? -1 : a.nominationId > b.nominationId ? 1 : 0;

/**
 * Builds and stores the ledger of the results in the publication's transaction `tx`: every
 * credited payment's votes still counted, read in one statement (one snapshot, so the entries and
 * the tallies they add up to belong together). A revision waits for the publication that holds the
 * event row (server/ledger/ledger-correction.ts), so nothing changes between this read and the
 * ledger's commit without a correction to show for it. The ledger is the edition's (`editionId`)
 * and takes its resultsPublishedAt, which the caller has just set in `tx`. `salted`: the receipts
 * hashed before the transaction (saltCreditedReceipts); those credited since are hashed here.
 */
export async function publishLedger(
  tx: Db,
  editionId: number,
  salted: SaltedReceipts = freshSalting(),
): Promise<PublishedLedger> {
  const rows = rowsOf<{ receipt_code: string; nomination_id: string; votes: number }>(
    await tx.execute(sql`
      SELECT p.receipt_code, v.nomination_id, SUM(v.counted)::int AS votes
      ${CREDITED_RECEIPTS(editionId)}
      GROUP BY p.receipt_code, v.nomination_id`),
  );
  const { saltKey, hashes } = salted;
  const byReceipt = new Map<string, NominationVotes[]>();
  for (const row of rows) {
    const votes = byReceipt.get(row.receipt_code) ?? [];
    votes.push({ nominationId: row.nomination_id, votes: Number(row.votes) });
    byReceipt.set(row.receipt_code, votes);
  }
  await saltCodes(
    saltKey,
    [...byReceipt.keys()].filter((code) => !hashes.has(code)),
    hashes,
  );
  const entries: LedgerEntry[] = [...byReceipt].map(([code, votes]) => ({
    ...hashes.get(code)!,
    votes: votes.sort(byNomination),
  }));
  entries.sort((a, b) => (a.receiptHash < b.receiptHash ? -1 : 1));
  const levels = treeLevels(entries.map(leafHash));
  const root = rootOf(levels);
  const totals = new Map<string, number>();
  for (const entry of entries) {
    for (const v of entry.votes)
      totals.set(v.nominationId, (totals.get(v.nominationId) ?? 0) + v.votes);
  }
  const [ledger] = await tx
    .insert(resultsLedgers)
    .values({
      // Read back rather than passed: the column keeps microseconds a JavaScript date drops.
      editionId,
      publishedAt: sql`(SELECT results_published_at FROM editions WHERE id = ${editionId})`,
      saltKey,
      root,
      entryCount: entries.length,
      totals: [...totals]
        .map(([nominationId, votes]) => ({ nominationId, votes }))
        .sort(byNomination),
    })
    .returning({ id: resultsLedgers.id });
  const ledgerId = ledger!.id;
  for (let start = 0; start < entries.length; start += BATCH) {
    const batch = entries.slice(start, start + BATCH).map((entry, i) => ({
      position: start + i,
      receipt_hash: entry.receiptHash,
      salt: entry.salt,
      votes: entry.votes,
    }));
    await tx.execute(sql`
      INSERT INTO results_ledger_entries (ledger_id, position, receipt_hash, salt, votes)
      SELECT ${ledgerId}, r.position, r.receipt_hash, r.salt, r.votes
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        AS r(position int, receipt_hash text, salt text, votes jsonb)`);
  }
  const nodes = levels.flatMap((level, depth) =>
    level.map((hash, position) => ({ level: depth, position, hash })),
  );
  for (let start = 0; start < nodes.length; start += BATCH) {
    await tx.execute(sql`
      INSERT INTO results_ledger_nodes (ledger_id, level, position, hash)
      SELECT ${ledgerId}, r.level, r.position, r.hash
      FROM jsonb_to_recordset(${JSON.stringify(nodes.slice(start, start + BATCH))}::jsonb)
        AS r(level int, position int, hash text)`);
  }
  return { id: ledgerId, root, entryCount: entries.length };
}
