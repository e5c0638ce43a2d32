import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { editions } from '#server/db/schema.js';
import { conflict } from '#server/http/http-error.js';
import type { VoterText } from '#server/http/voter-text.js';
import type { EventStatus } from '#shared/schemas/event.js';

export const VOTING_NOT_OPEN: VoterText = {
  en: 'Voting has not opened yet',
  fr: "Le vote n'est pas encore ouvert",
};
export const VOTING_CLOSED: VoterText = {
  en: 'Voting has closed',
  fr: 'Le vote est clos',
};

/**
 * The event's status by the database's clock. `now()` is the transaction's start, the same instant
 * a payment inserted in that transaction records as its `created_at`: every instance agrees, and
 * no payment can carry a creation time at or after the close. Edges as in eventStatusAt(): an
 * archived edition is closed whatever its window said, and one that is not current is never open.
 */
export const statusByDatabaseClock = sql<EventStatus>`CASE
  WHEN ${editions.archivedAt} IS NOT NULL OR ${editions.resultsPublishedAt} IS NOT NULL THEN 'closed'
  WHEN ${editions.votingOpensAt} IS NOT NULL AND now() < ${editions.votingOpensAt} THEN 'upcoming'
  WHEN ${editions.votingClosesAt} IS NOT NULL AND now() >= ${editions.votingClosesAt} THEN 'closed'
  WHEN NOT ${editions.isCurrent} THEN
    CASE WHEN ${editions.votingOpensAt} IS NULL THEN 'upcoming' ELSE 'closed' END
  ELSE 'open' END`;

/** An edition's status by the database's clock; an edition that does not exist takes no votes. */
export async function votingStatus(db: Db, editionId: number): Promise<EventStatus> {
  const [row] = await db
    .select({ status: statusByDatabaseClock })
    .from(editions)
    .where(eq(editions.id, editionId));
  return row?.status ?? 'closed';
}

/** The 409 for a status other than `open`. */
export function refuseUnlessOpen(status: EventStatus): void {
  if (status === 'upcoming') throw conflict(VOTING_NOT_OPEN);
  if (status === 'closed') throw conflict(VOTING_CLOSED);
}

/** 409 unless voting is open; call it in the transaction that creates or changes the payment. */
export async function assertVotingOpen(db: Db, editionId: number): Promise<void> {
  refuseUnlessOpen(await votingStatus(db, editionId));
}

/**
 * The same refusal, from the event in memory: for a request that would otherwise spend something
 * before its transaction looks (a phone's share of payment prompts). The transaction's check
 * (assertVotingOpen) still decides; this one only spares a request that is surely refused.
 */
export async function refuseUnlessVotingOpen(cache: {
  current(): Promise<{ status: EventStatus }>;
}): Promise<void> {
  refuseUnlessOpen((await cache.current()).status);
}
