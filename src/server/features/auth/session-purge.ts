import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import type { Db } from '#server/db/client.js';
import type { AppContext } from '#server/app-context.js';
import type { PeriodicJob } from '#server/jobs/periodic-job.js';
import { purgeSpentLookupCodes } from '#server/features/receipts/lookup-codes.js';
import { purgeExpiredLoginFailures } from './login-throttle.js';
import { purgeExpiredSessions } from './session-store.js';
import { rowsOf } from '#server/db/rows.js';

/**
 * One sweep across all instances: the transaction-scoped advisory lock lets the first instance
 * purge and the others skip that tick (periodic work runs once).
 */
export async function purgeExpiredSessionsOnce(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(
      sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.sessionPurge}) AS locked`,
    );
    const [row] = rowsOf<{ locked: boolean }>(result);
    if (!row?.locked) return null;
    // Ended sign-in throttle windows and spent receipt lookup codes go in the same sweep: nothing
    // reads them any more.
    await purgeExpiredLoginFailures(tx as unknown as Db);
    await purgeSpentLookupCodes(tx as unknown as Db);
    return purgeExpiredSessions(tx as unknown as Db);
  });
}

/** Sweeps expired sessions (and ended throttle windows, spent lookup codes) every SESSION_PURGE_INTERVAL_SECONDS (0: never). */
export function sessionPurgeJob(ctx: Pick<AppContext, 'config' | 'db' | 'log'>): PeriodicJob {
  return {
    name: 'session purge',
    intervalSeconds: ctx.config.sessionPurgeIntervalSeconds,
    run: async () => {
      const count = await purgeExpiredSessionsOnce(ctx.db);
      if (count) ctx.log.info({ count }, 'purged expired sessions');
    },
  };
}
