import { unprocessable } from '#server/http/http-error.js';
import { amountForVotes, type Currency } from '#shared/money.js';
import { totalVotesOf, type NominationVote } from '#shared/schemas/payment.js';

/** The amount comes from the votes alone; the client's total is only checked against them. */
export function paymentTotals(
  lines: readonly NominationVote[],
  currency: Currency,
  clientTotal: number | undefined,
): { totalVotes: number; amount: number } {
  const totalVotes = totalVotesOf(lines);
  if (clientTotal !== undefined && clientTotal !== totalVotes) {
    throw unprocessable({
      en: `The vote total (${clientTotal}) does not match the selected votes (${totalVotes}). Refresh the page and try again.`,
      fr: `Le total des votes (${clientTotal}) ne correspond pas aux votes choisis (${totalVotes}). Actualisez la page et réessayez.`,
    });
  }
  return { totalVotes, amount: amountForVotes(totalVotes, currency) };
}
