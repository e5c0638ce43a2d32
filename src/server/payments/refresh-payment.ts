import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { PaymentsContext } from './payments-context.js';
import { preparedQuery } from '#server/db/prepared-query.js';
import { payments } from '#server/db/schema.js';
import { applyProviderReport } from './apply-provider-report.js';
import { paymentRecordColumns } from './payment-record.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import type { SettleSource } from './settle.js';

/**
 * The claim of a pending payment's provider check: unconditional when `force`, otherwise only
 * once the last check is `seconds` old. Every poll of a pending payment runs one, so both forms
 * are built once (prepared-query.ts).
 */
const claimCheck = (force: boolean) =>
  preparedQuery((db) =>
    db
      .update(payments)
      .set({ providerCheckedAt: sql`now()` })
      .where(
        and(
          eq(payments.id, sql.placeholder('id')),
          eq(payments.status, 'pending'),
          force
            ? undefined
            : or(
                isNull(payments.providerCheckedAt),
                lte(
                  payments.providerCheckedAt,
                  sql`now() - make_interval(secs => ${sql.placeholder('seconds')})`,
                ),
              ),
        ),
      )
      .returning(paymentRecordColumns),
  );
const claimForced = claimCheck(true);
const claimDue = claimCheck(false);

/**
 * Asks the provider about a pending payment and applies the answer. The claim is a conditional
 * UPDATE of provider_checked_at, so however many clients poll, on however many instances, one
 * payment's provider is asked at most once per PAYMENT_POLL_INTERVAL_MS (unless `force`, used when
 * the provider itself told us something changed).
 *
 * Returns the status when this call learned it, or null when it did not ask (not pending, not
 * claimed) or the provider has nothing new.
 */
export async function refreshPayment(
  ctx: Pick<PaymentsContext, 'config' | 'db' | 'providers' | 'providerChecks' | 'settlement'>,
  paymentId: string,
  source: SettleSource,
  options: { force?: boolean } = {},
): Promise<PaymentStatus | null> {
  if (!options.force && ctx.providerChecks.claimedRecently(paymentId)) return null;
  const intervalSeconds = ctx.config.paymentPollIntervalMs / 1000;
  const claimStarted = ctx.providerChecks.startClaim();
  const [claimed] = await (options.force ? claimForced : claimDue)(ctx.db).execute({
    id: paymentId,
    seconds: intervalSeconds,
  });
  if (!claimed) return null;
  ctx.providerChecks.claimed(paymentId, claimStarted);
  const record = claimed;
  const provider = ctx.providers.forPayment(record);
  if (!provider) return null;
  const report = await provider.check(record);
  const applied = await applyProviderReport(ctx, record.id, record.provider, report, source);
  return applied.status;
}
