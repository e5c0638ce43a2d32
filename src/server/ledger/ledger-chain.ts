import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { resultsLedgerCorrections } from '#server/db/schema.js';
import type { LedgerCorrection, NominationVotes } from '#shared/schemas/ledger.js';
import { correctionHash } from './ledger-format.js';

/** jsonb gives objects back with its own key order; the document writes its own. */
export const votesOf = (value: unknown): NominationVotes[] =>
  (value as { nominationId: string; votes: number }[]).map((v) => ({
    nominationId: v.nominationId,
    votes: Number(v.votes),
  }));

/**
 * A ledger's corrections in chain order, each with the link before it and its own hash. Rows
 * appended since the chain exists carry both; the few appended before it get theirs computed here,
 * in the order they were appended, which nothing can change any more (the table is append-only).
 */
export async function correctionsChain(
  db: Db,
  ledger: { id: number; root: string },
): Promise<LedgerCorrection[]> {
  const rows = await db
    .select()
    .from(resultsLedgerCorrections)
    .where(eq(resultsLedgerCorrections.ledgerId, ledger.id))
    .orderBy(asc(resultsLedgerCorrections.id));
  const chain: LedgerCorrection[] = [];
  let previous = ledger.root;
  for (const row of rows) {
    const link = {
      previous: row.previous ?? previous,
      root: ledger.root,
      receiptHash: row.receiptHash,
      ...(row.salt === null ? {} : { salt: row.salt }),
      changes: votesOf(row.changes),
      reason: row.reason,
      at: row.at.toISOString(),
    };
    const hash = row.hash ?? correctionHash(link);
    chain.push({ ...link, hash });
    previous = hash;
  }
  return chain;
}

/** The chain's head: its last correction's hash, or the root when it has none. */
export const headOf = (root: string, chain: readonly { hash: string }[]) =>
  chain.at(-1)?.hash ?? root;
