import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { jobTicks } from '#server/db/schema.js';
import type { PeriodicJob } from './periodic-job.js';

/**
 * A tick is claimed if the job last started at least this share of an interval ago: timers of
 * different instances drift and fire a little late, so a strict full interval would now and then
 * skip a tick on every instance at once.
 */
const CLAIM_SHARE = 0.9;

/**
 * Whether this instance runs `job`'s tick now: true for exactly one of the instances whose timers
 * fire within the same interval, decided by one statement that moves the job's last start forward
 * only when it is old enough. Each instance keeps its own timer (started with the instance), so
 * without this two instances would both run in most intervals; an advisory lock alone only keeps
 * their runs from overlapping.
 */
export async function claimTick(db: Db, job: string, intervalSeconds: number): Promise<boolean> {
  const claimed = await db
    .insert(jobTicks)
    .values({ job, lastStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: jobTicks.job,
      set: { lastStartedAt: sql`now()` },
      setWhere: sql`${jobTicks.lastStartedAt} <= now() - make_interval(secs => ${intervalSeconds * CLAIM_SHARE})`,
    })
    .returning({ job: jobTicks.job });
  return claimed.length > 0;
}

/** `job`, run at a tick only by the instance that claims it; the others report `skipped`. */
export function oncePerTick(db: Db, job: PeriodicJob): PeriodicJob {
  return {
    ...job,
    run: async () => ((await claimTick(db, job.name, job.intervalSeconds)) ? job.run() : 'skipped'),
  };
}
