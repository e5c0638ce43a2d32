import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentsContext } from './payments-context.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import { payments } from '#server/db/schema.js';
import type { PeriodicJob } from '#server/jobs/periodic-job.js';
import type { Provider } from '#shared/money.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import type { PendingCheckResult } from '#shared/schemas/tracking.js';
import { applyProviderReport } from './apply-provider-report.js';
import { locateUnreferencedCollects, type ClaimedCollect } from './locate-unreferenced-collects.js';
import { paymentRecordColumns } from './payment-record.js';
import { recordMissingFees } from './provider-fee.js';
import type { PaymentRecord, ProviderReport } from './providers/payment-provider.js';
import { COLLECT_UNMATCHED, EXPIRED_REASON } from './unconfirmed-outcome.js';

/** Provider calls in flight at once during one reconcile run. */
const RECONCILE_CONCURRENCY = 4;

/** `skipped`: another instance held the lock, so this run did nothing. */
export type ReconcileResult = PendingCheckResult & { skipped: boolean };

export interface ReconcileOptions {
  provider?: Provider;
  /** Ask about every pending payment now, ignoring the back-off (the admin's "Check" button). */
  force?: boolean;
  limit?: number;
  /**
   * How long to wait for another instance's run to finish before giving up. The scheduled job
   * never waits; the admin's button does, so a click that lands during a scheduled run still
   * reports a real check.
   */
  lockWaitMs?: number;
}

/** A scheduled run takes a few seconds: the admin's button waits that long for it, not refusing. */
export const CHECK_LOCK_WAIT_MS = 5000;

/**
 * Settles payments whose outcome never reached us (a lost callback, a closed browser) by asking
 * the provider, and expires those still open after PAYMENT_EXPIRY_HOURS. For
 * RECONCILE_LOOKBACK_DAYS after that it still asks about payments it gave up on, so a success
 * the provider reports late is credited (ADR 0049). Checks back off with the
 * payment's age (every quarter of its age, at least the poll interval), so thousands of abandoned
 * checkouts do not turn into thousands of provider calls a minute. Then fills the provider fees of
 * recent card payments still without one. One instance runs at a time.
 */
export async function reconcilePendingPayments(
  ctx: PaymentsContext,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  // One process's database (the demo): the button and the scheduled run may overlap, which
  // settle() makes harmless, and the button's count then tells what this check itself found.
  if (ctx.database.kind === 'pglite') return reconcile(ctx, options);
  const run = await ctx.database.locks.run(
    ADVISORY_LOCKS.reconcile,
    () => reconcile(ctx, options),
    { waitMs: options.lockWaitMs ?? 0 },
  );
  return run.held ? run.value : { checked: 0, updated: 0, skipped: true };
}

async function reconcile(
  ctx: PaymentsContext,
  options: ReconcileOptions,
): Promise<ReconcileResult> {
  const { candidates, claimable, expirySeconds } = await reconcileCandidates(ctx, options);
  // A few provider calls at a time: a slow provider (each call bounded by its own timeout) must not
  // keep an admin's check waiting for minutes, and we must not flood it either.
  let updated = 0;
  let next = 0;
  const unreferenced: ClaimedCollect[] = [];
  const worker = async () => {
    while (next < candidates.length) {
      const { id } = candidates[next++]!;
      const claimed = await claim(ctx, id, claimable, expirySeconds);
      if (!claimed) continue;
      // Campay cannot be asked about a collect whose request got no answer: its history is, once
      // for all of them below.
      if (claimed.provider === 'campay' && !claimed.providerRef && ctx.providers.campay) {
        unreferenced.push(claimed);
      } else if (await reconcileOne(ctx, claimed)) {
        updated++;
      }
    }
  };
  await Promise.all(Array.from({ length: RECONCILE_CONCURRENCY }, worker));
  if (unreferenced.length && ctx.providers.campay) {
    updated += await locateUnreferencedCollects(ctx, ctx.providers.campay, unreferenced);
  }
  await recordMissingFees(ctx);
  return { checked: candidates.length, updated, skipped: false };
}

/**
 * The payments due a check, oldest check first: pending ones past the voter's own polling (all of
 * them when forced), and what we settled on our own guess recently, asked about again with the
 * same back-off so a late success still counts. `claimable` is what a payment must still be when
 * a worker claims it.
 */
async function reconcileCandidates(ctx: PaymentsContext, options: ReconcileOptions) {
  const { config } = ctx;
  const pollSeconds = config.paymentPollIntervalMs / 1000;
  const expirySeconds = config.paymentExpiryHours * 3600;
  const lookbackSeconds = config.reconcileLookbackDays * 86_400;
  const due = sql`(${payments.providerCheckedAt} IS NULL OR ${payments.providerCheckedAt} <
      now() - GREATEST(make_interval(secs => ${pollSeconds}), (now() - ${payments.createdAt}) / 4))`;
  const expired = sql`${payments.createdAt} < now() - make_interval(secs => ${expirySeconds})`;
  const pending = and(
    eq(payments.status, 'pending'),
    // Young payments are still in the voter's hands (and polled by their browser).
    sql`${payments.createdAt} < now() - make_interval(secs => ${pollSeconds})`,
    options.force ? undefined : sql`(${due} OR ${expired})`,
  );
  const unconfirmed = lookbackSeconds
    ? and(
        sql`((${payments.status} = 'failed' AND ${payments.failureReason} = ${EXPIRED_REASON})
          OR (${payments.status} = 'needs_review' AND ${payments.failureReason} LIKE ${`${COLLECT_UNMATCHED}:%`}))`,
        sql`${payments.settledAt} > now() - make_interval(secs => ${lookbackSeconds})`,
      )
    : undefined;
  const candidates = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        options.provider ? eq(payments.provider, options.provider) : undefined,
        unconfirmed ? or(pending, and(unconfirmed, options.force ? undefined : due)) : pending,
      ),
    )
    .orderBy(sql`${payments.providerCheckedAt} NULLS FIRST`, payments.createdAt)
    .limit(options.limit ?? 200);
  const claimable = sql`(${payments.status} = 'pending'${unconfirmed ? sql` OR (${unconfirmed})` : sql``})`;
  return { candidates, claimable, expirySeconds };
}

type Claimed = PaymentRecord & { status: PaymentStatus; expired: boolean };

/**
 * Takes a payment for this run (a conditional update of provider_checked_at, so concurrent runs
 * and status polls ask about it once), if it is still one the reconciler asks about.
 */
async function claim(
  ctx: PaymentsContext,
  paymentId: string,
  claimable: SQL,
  expirySeconds: number,
): Promise<Claimed | undefined> {
  const [claimed] = await ctx.db
    .update(payments)
    .set({ providerCheckedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), claimable))
    .returning({
      ...paymentRecordColumns,
      status: payments.status,
      expired: sql<boolean>`${payments.createdAt} < now() - make_interval(secs => ${expirySeconds})`,
    });
  return claimed;
}

async function reconcileOne(ctx: PaymentsContext, claimed: Claimed) {
  const { status, expired, ...record } = claimed;
  const provider = ctx.providers.forPayment(record);
  let report: ProviderReport;
  try {
    if (status !== 'pending') {
      // Settled on our guess: only the provider's word can change it (settle() decides how).
      if (!provider) return false;
      report = await provider.check(record);
    } else if (expired) {
      report = provider
        ? await provider.abandon(record)
        : { state: 'failed', reason: EXPIRED_REASON };
    } else {
      report = provider ? await provider.check(record) : { state: 'pending' };
    }
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: record.id }, 'reconcile: provider check failed');
    return false;
  }
  const source =
    report.state === 'failed' && report.reason === EXPIRED_REASON ? 'expiry' : 'reconcile';
  const applied = await applyProviderReport(ctx, record.id, record.provider, report, source);
  return applied.changed;
}

/** Catches outcomes that never reached us, every RECONCILE_INTERVAL_SECONDS (0: never). */
export function reconcileJob(ctx: PaymentsContext): PeriodicJob {
  return {
    name: 'reconcile',
    intervalSeconds: ctx.config.reconcileIntervalSeconds,
    run: async () => {
      await reconcilePendingPayments(ctx);
    },
  };
}
