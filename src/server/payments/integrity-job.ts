import type { PaymentsContext } from './payments-context.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import type { PeriodicJob } from '#server/jobs/periodic-job.js';
import { checkIntegrity } from './integrity-check.js';

/**
 * Checks that the books balance every INTEGRITY_CHECK_INTERVAL_SECONDS, on one instance at a time.
 * A difference is logged as an error with the rows it names, for the operator's alerting; the
 * dashboard asks for its own check (GET /api/admin/integrity) when an organiser opens it.
 */
export function integrityJob(
  ctx: Pick<PaymentsContext, 'config' | 'database' | 'db' | 'log'>,
): PeriodicJob {
  return {
    name: 'integrity check',
    intervalSeconds: ctx.config.integrityCheckIntervalSeconds,
    run: async () => {
      const run = await ctx.database.locks.run(ADVISORY_LOCKS.integrity, () =>
        checkIntegrity(ctx.db),
      );
      if (!run.held || run.value.ok) return;
      ctx.log.error(
        { differences: run.value.differences, checkedAt: run.value.checkedAt },
        'the books do not balance: a tally or a payment differs from what its payments give',
      );
    },
  };
}
