import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import { payments } from '#server/db/schema.js';
import type { PeriodicJob } from '#server/jobs/periodic-job.js';
import type { Provider } from '#shared/money.js';
import type { PendingCheckResult } from '#shared/schemas/tracking.js';
import { applyProviderReport } from './apply-provider-report.js';
import { paymentRecordColumns } from './payment-record.js';
import type { ProviderReport } from './providers/payment-provider.js';

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

const LOCK_RETRY_MS = 100;

/**
 * Settles payments whose outcome never reached us (a lost callback, a closed browser) by asking
 * the provider, and expires those still open after PAYMENT_EXPIRY_HOURS. Checks back off with the
 * payment's age (every quarter of its age, at least the poll interval), so thousands of abandoned
 * checkouts do not turn into thousands of provider calls a minute. One instance runs at a time.
 */
export async function reconcilePendingPayments(
  ctx: AppContext,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  if (ctx.database.kind === 'pglite') return reconcile(ctx, options);
  return ctx.database.withConnection(async (_db, query) => {
    const deadline = Date.now() + (options.lockWaitMs ?? 0);
    const tryLock = async () => {
      const [lock] = await query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        ADVISORY_LOCKS.reconcile,
      ]);
      return lock?.locked === true;
    };
    while (!(await tryLock())) {
      if (Date.now() >= deadline) return { checked: 0, updated: 0, skipped: true };
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
    try {
      return await reconcile(ctx, options);
    } finally {
      await query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.reconcile]);
    }
  });
}

async function reconcile(ctx: AppContext, options: ReconcileOptions): Promise<ReconcileResult> {
  const { config } = ctx;
  const pollSeconds = config.paymentPollIntervalMs / 1000;
  const expirySeconds = config.paymentExpiryHours * 3600;
  const due = sql`(${payments.providerCheckedAt} IS NULL OR ${payments.providerCheckedAt} <
      now() - GREATEST(make_interval(secs => ${pollSeconds}), (now() - ${payments.createdAt}) / 4))`;
  const expired = sql`${payments.createdAt} < now() - make_interval(secs => ${expirySeconds})`;
  const candidates = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        options.provider ? eq(payments.provider, options.provider) : undefined,
        // Young payments are still in the voter's hands (and polled by their browser).
        sql`${payments.createdAt} < now() - make_interval(secs => ${pollSeconds})`,
        options.force ? undefined : sql`(${due} OR ${expired})`,
      ),
    )
    .orderBy(sql`${payments.providerCheckedAt} NULLS FIRST`, payments.createdAt)
    .limit(options.limit ?? 200);

  // A few provider calls at a time: a slow provider (each call bounded by its own timeout) must not
  // keep an admin's check waiting for minutes, and we must not flood it either.
  let updated = 0;
  let next = 0;
  const worker = async () => {
    while (next < candidates.length) {
      const { id } = candidates[next++]!;
      if (await reconcileOne(ctx, id, expirySeconds)) updated++;
    }
  };
  await Promise.all(Array.from({ length: RECONCILE_CONCURRENCY }, worker));
  return { checked: candidates.length, updated, skipped: false };
}

async function reconcileOne(ctx: AppContext, paymentId: string, expirySeconds: number) {
  const [claimed] = await ctx.db
    .update(payments)
    .set({ providerCheckedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({
      ...paymentRecordColumns,
      expired: sql<boolean>`${payments.createdAt} < now() - make_interval(secs => ${expirySeconds})`,
    });
  if (!claimed) return false;
  const record = claimed;
  const provider = ctx.providers.forPayment(record);
  let report: ProviderReport;
  try {
    if (claimed.expired) {
      report = provider ? await provider.abandon(record) : { state: 'failed', reason: 'expired' };
    } else {
      report = provider ? await provider.check(record) : { state: 'pending' };
    }
  } catch (error) {
    ctx.log.warn({ err: error, paymentId }, 'reconcile: provider check failed');
    return false;
  }
  const source = report.state === 'failed' && report.reason === 'expired' ? 'expiry' : 'reconcile';
  const applied = await applyProviderReport(ctx, paymentId, record.provider, report, source);
  return applied.changed;
}

/** Catches outcomes that never reached us, every RECONCILE_INTERVAL_SECONDS (0: never). */
export function reconcileJob(ctx: AppContext): PeriodicJob {
  return {
    name: 'reconcile',
    intervalSeconds: ctx.config.reconcileIntervalSeconds,
    run: async () => {
      await reconcilePendingPayments(ctx);
    },
  };
}
