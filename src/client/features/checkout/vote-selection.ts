import { VOTES_PER_CATEGORY } from '#shared/limits';
import { amountForVotes, type Currency } from '#shared/money';
import { totalVotesOf, type NominationVote } from '#shared/schemas/payment';

/** Votes chosen per nomination id, one stepper each (0 to 100, default 2). */
export type VoteCounts = Readonly<Record<string, number>>;

export function defaultVoteCounts(nominationIds: readonly string[]): VoteCounts {
  return Object.fromEntries(nominationIds.map((id) => [id, VOTES_PER_CATEGORY.default]));
}

/** Whatever was typed becomes a whole number from 0 to 100. */
export function clampVoteCount(value: number): number {
  if (!Number.isFinite(value)) return VOTES_PER_CATEGORY.min;
  return Math.min(VOTES_PER_CATEGORY.max, Math.max(VOTES_PER_CATEGORY.min, Math.trunc(value)));
}

/** The split the payment APIs take: nominations in page order, zero lines left out. */
export function voteLines(nominationIds: readonly string[], counts: VoteCounts): NominationVote[] {
  return nominationIds
    .map((nominationId) => ({ nominationId, voteCount: counts[nominationId] ?? 0 }))
    .filter((line) => line.voteCount > 0);
}

export interface VoteTotals {
  totalVotes: number;
  /** Whole francs. */
  xaf: number;
  /** Cents. */
  usdCents: number;
}

/** The totals at the edition's prices per vote, as the server will charge them. */
export function voteTotals(
  lines: readonly NominationVote[],
  prices: Readonly<Record<Currency, number>>,
): VoteTotals {
  const totalVotes = totalVotesOf(lines);
  return {
    totalVotes,
    xaf: amountForVotes(totalVotes, 'XAF', prices),
    usdCents: amountForVotes(totalVotes, 'USD', prices),
  };
}

/** Identifies a split, so an unchanged one does not recreate the card payment. */
export function selectionKey(lines: readonly NominationVote[]): string {
  return lines.map((line) => `${line.nominationId}:${line.voteCount}`).join(',');
}
