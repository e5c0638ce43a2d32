import { unprocessable } from '#server/http/http-error.js';
import { totalVotesOf, type NominationVote } from '#shared/schemas/payment.js';

/**
 * The amount comes from the votes and the edition's price per vote (`unitPrice`, minor units of
 * the payment's currency) alone; the client's total is only checked against the votes.
 */
export function paymentTotals(
  lines: readonly NominationVote[],
  unitPrice: number,
  clientTotal: number | undefined,
): { totalVotes: number; amount: number; unitPrice: number } {
  const totalVotes = totalVotesOf(lines);
  if (clientTotal !== undefined && clientTotal !== totalVotes) {
    throw unprocessable({
      en: `The vote total (${clientTotal}) does not match the selected votes (${totalVotes}). Refresh the page and try again.`,
      fr: `Le total des votes (${clientTotal}) ne correspond pas aux votes choisis (${totalVotes}). Actualisez la page et réessayez.`,
    });
  }
  return { totalVotes, amount: totalVotes * unitPrice, unitPrice };
}
