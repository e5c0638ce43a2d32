/**
 * Which of a payment's votes stay in the tallies after money went back (docs/decisions/0048).
 *
 * Every vote of a payment cost the same, so a refund of `refunded` minor units paid for
 * `refunded / amount` of its votes. Those are revoked rounded up: Palmarès never keeps a vote
 * whose money it no longer holds. An open or lost dispute holds the whole payment back; a dispute
 * won puts back what the refunds leave.
 */
export function keptVotes(
  payment: { amount: number; totalVotes: number; refundedAmount: number },
  dispute: DisputeStanding,
): number {
  if (dispute === 'open' || dispute === 'lost') return 0;
  const { amount, totalVotes, refundedAmount } = payment;
  if (amount <= 0 || refundedAmount >= amount) return 0;
  if (refundedAmount <= 0) return totalVotes;
  // floor((amount - refunded) * votes / amount) in integers: the votes the money still held covers.
  return Math.floor(((amount - refundedAmount) * totalVotes) / amount);
}

/**
 * Where `kept` votes of a payment stay when it was split across nominations: in proportion to
 * each nomination's share, rounded down, then one each to the largest remainders (ties to the
 * nomination that had more votes, then by id), so the same payment always splits the same way.
 */
export function splitKept<T extends { nominationId: string; voteCount: number }>(
  rows: readonly T[],
  kept: number,
): Map<string, number> {
  const total = rows.reduce((sum, row) => sum + row.voteCount, 0);
  const result = new Map<string, number>();
  if (total === 0 || kept <= 0) {
    for (const row of rows) result.set(row.nominationId, 0);
    return result;
  }
  const shares = rows.map((row) => {
    const exact = row.voteCount * kept;
    return { row, floor: Math.floor(exact / total), remainder: exact % total };
  });
  let left = kept - shares.reduce((sum, share) => sum + share.floor, 0);
  const order = [...shares].sort(
    (a, b) =>
      b.remainder - a.remainder ||
      b.row.voteCount - a.row.voteCount ||
      (a.row.nominationId < b.row.nominationId ? -1 : 1),
  );
  for (const share of order) {
    const extra = left > 0 ? 1 : 0;
    left -= extra;
    result.set(share.row.nominationId, share.floor + extra);
  }
  return result;
}

/** Where a dispute stands for the votes: none (or withdrawn), open, won or lost. */
export type DisputeStanding = 'none' | 'open' | 'won' | 'lost';

/**
 * Stripe's dispute statuses, read for the votes. `warning_*` are inquiries (early fraud
 * warnings) that may become disputes: the money has not moved, but the votes wait like an open
 * dispute's. `warning_closed` is an inquiry that ended without a dispute.
 */
export function disputeStanding(status: string | null): DisputeStanding {
  switch (status) {
    case null:
    case 'warning_closed':
      return 'none';
    case 'won':
      return 'won';
    case 'lost':
      return 'lost';
    default:
      return 'open';
  }
}

/** A closed dispute stays closed: a late `created` or `updated` event cannot reopen it. */
export function isDisputeFinal(status: string | null): boolean {
  return status === 'won' || status === 'lost' || status === 'warning_closed';
}
