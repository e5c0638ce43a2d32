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
