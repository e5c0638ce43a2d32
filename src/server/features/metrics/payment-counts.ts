import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { paymentHourlyStats } from '#server/db/schema.js';

export interface PaymentCount {
  provider: string;
  status: string;
  payments: number;
}

/**
 * How many payments are in each state, by provider. Read from the hourly statistics a trigger on
 * `payments` keeps exact (a payment moves from its old row to its new one in the same
 * transaction), so a scrape sums a few hundred rows instead of counting every payment.
 */
export async function countPaymentsByState(db: Db): Promise<PaymentCount[]> {
  return db
    .select({
      provider: paymentHourlyStats.provider,
      status: paymentHourlyStats.status,
      payments: sql<number>`SUM(${paymentHourlyStats.payments})::int`,
    })
    .from(paymentHourlyStats)
    .groupBy(paymentHourlyStats.provider, paymentHourlyStats.status);
}
