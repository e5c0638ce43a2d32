import { sql, type SQL } from 'drizzle-orm';
import type { FeeRate } from '#shared/schemas/finance.js';

const BASIS_POINTS_PER_UNIT = 10_000;

/**
 * The fee a provider is expected to keep of `amount` minor units when it did not report it: the
 * rate's share of the amount rounded half up to a whole minor unit, plus the fixed part. Each
 * payment is rounded on its own, so a report's estimate is the sum of its payments' estimates.
 */
export function estimateFee(amount: number, rate: FeeRate): number {
  return (
    Math.floor((amount * rate.basisPoints + BASIS_POINTS_PER_UNIT / 2) / BASIS_POINTS_PER_UNIT) +
    rate.fixed
  );
}

/** estimateFee() in SQL for an integer column (bigint arithmetic: no overflow at int4 amounts). */
export function estimateFeeSql(amount: SQL, rate: FeeRate): SQL {
  return sql`((${amount})::bigint * ${rate.basisPoints}::bigint + ${BASIS_POINTS_PER_UNIT / 2}::bigint) / ${BASIS_POINTS_PER_UNIT}::bigint + ${rate.fixed}::bigint`;
}
