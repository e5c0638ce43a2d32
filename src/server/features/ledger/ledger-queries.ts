import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { resultsLedgerEntries, resultsLedgers } from '#server/db/schema.js';
import type {
  LedgerCorrection,
  LedgerEntryProof,
  LedgerHead,
  NominationVotes,
} from '#shared/schemas/ledger.js';
import { correctionsChain, headOf, votesOf } from '#server/ledger/ledger-chain.js';
import {
  canonicalEntryJson,
  ledgerFormat,
  RECEIPT_SCRYPT,
  receiptHashOf,
  type LedgerSalting,
} from '#server/ledger/ledger-format.js';
import { proofPlaces } from './merkle-tree.js';

/** Entries read per query while the document streams: a few hundred kilobytes of JSON. */
const PAGE = 2000;

export type LedgerHeader = {
  id: number;
  publishedAt: string;
  root: string;
  entryCount: number;
  totals: NominationVotes[];
} & LedgerSalting;

/** The format a ledger states: its own receipt-hash rule, the same tree and chain. */
const formatOf = (ledger: LedgerSalting) =>
  ledgerFormat(ledger.saltKey === null ? { function: 'sha256' } : RECEIPT_SCRYPT);

/** What the document says of the ledger before its corrections: the private salt key left out. */
const publicHeader = (ledger: LedgerHeader) => ({
  format: formatOf(ledger),
  publishedAt: ledger.publishedAt,
  ...(ledger.salt === null ? {} : { salt: ledger.salt }),
  root: ledger.root,
});

/** The ledger published with edition `editionId`'s results, or null (none, or not published). */
export async function publishedLedgerOf(db: Db, editionId: number): Promise<LedgerHeader | null> {
  const [row] = await db
    .select({
      id: resultsLedgers.id,
      publishedAt: resultsLedgers.publishedAt,
      salt: resultsLedgers.salt,
      saltKey: resultsLedgers.saltKey,
      root: resultsLedgers.root,
      entryCount: resultsLedgers.entryCount,
      totals: resultsLedgers.totals,
    })
    .from(resultsLedgers)
    .where(
      sql`(${resultsLedgers.editionId}, ${resultsLedgers.publishedAt}) =
        (SELECT id, results_published_at FROM editions WHERE id = ${editionId})`,
    );
  if (!row) return null;
  const { salt, saltKey, ...rest } = row;
  const salting: LedgerSalting | null =
    saltKey !== null ? { salt: null, saltKey } : salt !== null ? { salt, saltKey: null } : null;
  // The table's check allows exactly one of the two.
  if (!salting) throw new Error(`Ledger ${row.id} has neither a salt nor a salt key`);
  return {
    ...rest,
    ...salting,
    publishedAt: row.publishedAt.toISOString(),
    totals: votesOf(row.totals),
  };
}

/** The root and the chain's head as they stand, for the results page and anyone comparing. */
export async function ledgerHead(db: Db, ledger: LedgerHeader): Promise<LedgerHead> {
  const chain = await correctionsChain(db, ledger);
  return {
    publishedAt: ledger.publishedAt,
    root: ledger.root,
    head: headOf(ledger.root, chain),
    correctionCount: chain.length,
  };
}

/** The totals at publication plus every correction's changes, as the format's rules say. */
export function correctedTotals(
  totals: readonly NominationVotes[],
  corrections: readonly LedgerCorrection[],
): NominationVotes[] {
  const sums = new Map(totals.map((t) => [t.nominationId, t.votes]));
  for (const correction of corrections) {
    for (const change of correction.changes) {
      sums.set(change.nominationId, (sums.get(change.nominationId) ?? 0) + change.votes);
    }
  }
  return [...sums]
    .map(([nominationId, votes]) => ({ nominationId, votes }))
    .sort((a, b) => (a.nominationId < b.nominationId ? -1 : 1));
}

/**
 * The whole document as JSON text in pieces: the header with the totals and corrections, then
 * the entries a page at a time, so a ledger of 100,000 entries never sits in memory whole. The
 * entries are read by leaf index; they never change, so pages read apart still agree.
 */
export async function* ledgerDocumentChunks(db: Db, ledger: LedgerHeader): AsyncGenerator<string> {
  const corrections = await correctionsChain(db, ledger);
  const header = {
    ...publicHeader(ledger),
    head: headOf(ledger.root, corrections),
    entryCount: ledger.entryCount,
    totals: {
      atPublication: ledger.totals,
      withCorrections: correctedTotals(ledger.totals, corrections),
    },
    corrections,
  };
  yield `${JSON.stringify(header).slice(0, -1)},"entries":[`;
  for (let start = 0; start < ledger.entryCount; start += PAGE) {
    const rows = await db
      .select({
        receiptHash: resultsLedgerEntries.receiptHash,
        salt: resultsLedgerEntries.salt,
        votes: resultsLedgerEntries.votes,
      })
      .from(resultsLedgerEntries)
      .where(
        and(
          eq(resultsLedgerEntries.ledgerId, ledger.id),
          gte(resultsLedgerEntries.position, start),
          lt(resultsLedgerEntries.position, start + PAGE),
        ),
      )
      .orderBy(asc(resultsLedgerEntries.position));
    const text = rows
      .map((row) =>
        canonicalEntryJson({
          receiptHash: row.receiptHash,
          ...(row.salt === null ? {} : { salt: row.salt }),
          votes: votesOf(row.votes),
        }),
      )
      .join(',');
    yield start === 0 ? text : `,${text}`;
  }
  yield ']}';
}

/**
 * One receipt's entry with its proof path to the root; its corrections alone for a payment
 * credited after publication; null when the ledger knows nothing of it.
 */
export async function findEntryProof(
  db: Db,
  ledger: LedgerHeader,
  receiptCode: string,
): Promise<LedgerEntryProof | null> {
  const { receiptHash, salt } = await receiptHashOf(ledger, receiptCode);
  const [entry] = await db
    .select({ position: resultsLedgerEntries.position, votes: resultsLedgerEntries.votes })
    .from(resultsLedgerEntries)
    .where(
      and(
        eq(resultsLedgerEntries.ledgerId, ledger.id),
        eq(resultsLedgerEntries.receiptHash, receiptHash),
      ),
    );
  // The whole chain, for its head; a receipt's own links are a handful of it.
  const chain = await correctionsChain(db, ledger);
  const corrections = chain.filter((c) => c.receiptHash === receiptHash);
  const header = {
    ...publicHeader(ledger),
    head: headOf(ledger.root, chain),
    correctionCount: chain.length,
    entryCount: ledger.entryCount,
  };
  if (!entry) {
    return corrections.length
      ? { ...header, leafIndex: null, entry: null, proof: [], corrections }
      : null;
  }
  const places = proofPlaces(ledger.entryCount, entry.position);
  const found = places.length
    ? rowsOf<{ level: number; position: number; hash: string }>(
        await db.execute(sql`
          SELECT level, position, hash FROM results_ledger_nodes
          WHERE ledger_id = ${ledger.id} AND (level, position) IN (${sql.join(
            places.map((p) => sql`(${p.level}::int, ${p.position}::int)`),
            sql`, `,
          )})`),
      )
    : [];
  const hashAt = new Map(found.map((n) => [`${n.level}:${n.position}`, n.hash]));
  const proof = places.map(({ level, position, side }) => {
    const hash = hashAt.get(`${level}:${position}`);
    // The nodes are written with the entries in one transaction; a gap is a damaged database.
    if (hash === undefined) throw new Error(`Ledger ${ledger.id} lacks node ${level}:${position}`);
    return { side, hash };
  });
  return {
    ...header,
    leafIndex: entry.position,
    entry: { receiptHash, ...(salt === undefined ? {} : { salt }), votes: votesOf(entry.votes) },
    proof,
    corrections,
  };
}
