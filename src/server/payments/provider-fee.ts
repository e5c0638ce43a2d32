import { and, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { PaymentsContext } from './payments-context.js';
import { payments } from '#server/db/schema.js';
import { CREDITED_STATUSES, type PaymentStatus } from '#shared/schemas/payment.js';
import { paymentRecordColumns } from './payment-record.js';

type FeeDeps = Pick<PaymentsContext, 'db' | 'providers' | 'log'>;

/** Payments whose money reached us (their votes were credited): the ones a provider took a fee on. */
const PAID: readonly PaymentStatus[] = CREDITED_STATUSES;

/** How far back the reconciler looks for fees still unknown, and how many it asks about per run. */
const FEE_SWEEP_DAYS = 7;
const FEE_SWEEP_LIMIT = 100;

/**
 * Records what the provider kept of a paid payment, once. The provider is asked outside any
 * transaction and without the payment's row lock (a slow provider never holds up a settlement),
 * and the write only fills a fee still unknown, so a second reporter (the next event, the
 * reconciler) changes nothing. A failed call is logged and left for the next reporter: it never
 * fails what triggered it (a webhook that settled votes must still answer 200).
 *
 * Returns whether this call recorded the fee.
 */
export async function recordProviderFee(ctx: FeeDeps, paymentId: string): Promise<boolean> {
  const [payment] = await ctx.db
    .select({ ...paymentRecordColumns, status: payments.status, providerFee: payments.providerFee })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!payment || payment.providerFee !== null) return false;
  if (!PAID.includes(payment.status)) return false;
  const provider = ctx.providers.forPayment(payment);
  if (!provider?.fee) return false;
  let fee: number | null;
  try {
    fee = await provider.fee(payment);
  } catch (error) {
    ctx.log.warn({ err: error, paymentId }, 'provider fee: the provider could not be asked');
    return false;
  }
  if (fee === null) return false;
  const written = await ctx.db
    .update(payments)
    .set({ providerFee: fee })
    .where(and(eq(payments.id, paymentId), isNull(payments.providerFee)))
    .returning({ id: payments.id });
  return written.length > 0;
}

/**
 * The reconciler's share: card payments paid in the last days whose fee is still unknown (the
 * fetch after settlement failed, or Stripe attached the balance transaction later and its event
 * was lost). Only Stripe reports fees through its API; its intents are the `pi_` references.
 */
export async function recordMissingFees(ctx: FeeDeps): Promise<number> {
  if (!ctx.providers.stripe) return 0;
  const due = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, 'stripe'),
        like(payments.providerRef, 'pi\\_%'),
        inArray(payments.status, [...PAID]),
        isNull(payments.providerFee),
        sql`${payments.settledAt} > now() - make_interval(days => ${FEE_SWEEP_DAYS})`,
      ),
    )
    .orderBy(desc(payments.settledAt))
    .limit(FEE_SWEEP_LIMIT);
  let recorded = 0;
  for (const { id } of due) {
    if (await recordProviderFee(ctx, id)) recorded++;
  }
  return recorded;
}
