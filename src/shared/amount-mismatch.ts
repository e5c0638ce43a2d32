/**
 * Why a payment waits for review when the provider reported other money than we asked for. The
 * text is the payment's failure reason and its history's detail, so people read it; the credit
 * action reads it back to know what the money covers. One module writes and reads it.
 */
export interface AmountMismatch {
  expected: { amount: number; currency: string };
  reported: { amount: number; currency: string };
}

const PREFIX = 'amount_mismatch';

export function describeAmountMismatch({ expected, reported }: AmountMismatch): string {
  return `${PREFIX}: expected ${expected.amount} ${expected.currency}, provider reported ${reported.amount} ${reported.currency}`;
}

export function parseAmountMismatch(reason: string | null): AmountMismatch | null {
  const match =
    /^amount_mismatch: expected (\d+) ([A-Za-z]{3}), provider reported (-?\d+) ([A-Za-z]{3})$/.exec(
      reason ?? '',
    );
  if (!match) return null;
  return {
    expected: { amount: Number(match[1]), currency: match[2]!.toUpperCase() },
    reported: { amount: Number(match[3]), currency: match[4]!.toUpperCase() },
  };
}

/**
 * What an admin's credit of a payment in review counts (docs/decisions/0052): every vote when the
 * provider reported no other money (or more than the order), else the whole votes the money
 * received pays for at the order's own price per vote, and the price of those votes. `null` when
 * the money cannot be credited: another currency, or less than one vote's price.
 */
export function creditedShare(
  order: { amount: number; currency: string; totalVotes: number },
  mismatch: AmountMismatch | null,
): { votes: number; amount: number } | null {
  if (!mismatch) return { votes: order.totalVotes, amount: order.amount };
  if (mismatch.reported.currency !== order.currency.toUpperCase()) return null;
  if (mismatch.reported.amount >= order.amount) {
    return { votes: order.totalVotes, amount: order.amount };
  }
  if (order.totalVotes <= 0 || mismatch.reported.amount <= 0) return null;
  // Checkout prices every vote the same, so amount / totalVotes is a whole number of minor units.
  const votes = Math.floor((mismatch.reported.amount * order.totalVotes) / order.amount);
  if (votes === 0) return null;
  return { votes, amount: (votes * order.amount) / order.totalVotes };
}

/** The money a payment in review brought in: what the provider reported, else the order's. */
export function receivedMoney(
  order: { amount: number; currency: string },
  mismatch: AmountMismatch | null,
): { amount: number; currency: string } {
  return mismatch
    ? { amount: Math.max(0, mismatch.reported.amount), currency: mismatch.reported.currency }
    : { amount: order.amount, currency: order.currency.toUpperCase() };
}
