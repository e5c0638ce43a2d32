import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  /** For the logs: "<name> failed". */
  name: string;
  /** 0 or less: the job never runs. */
  intervalSeconds: number;
  /** `skipped`: nothing to do at this tick (another instance ran it: see job-ticks.ts). */
  run: () => Promise<void | 'skipped'>;
}

export type JobOutcome = 'ok' | 'failed' | 'skipped';

/** Hears how each tick of a job went (the metrics, when they are on). */
export interface JobRunObserver {
  jobRan(name: string, outcome: JobOutcome, seconds: number): void;
}

/**
 * Runs a job every `intervalSeconds` for the life of the app. A run still going when the next is
 * due is not doubled; a failed run is logged and the next one tries again; the timer never keeps
 * the process alive, and closing the app waits for a run in progress. Once across instances is the
 * job's business: oncePerTick() (job-ticks.ts) for the tick, its advisory lock
 * (db/advisory-locks.ts) inside `run` against overlaps. `observer` hears each tick's outcome and
 * duration.
 */
export function schedulePeriodicJob(
  app: FastifyInstance,
  job: PeriodicJob,
  observer?: JobRunObserver,
): void {
  if (job.intervalSeconds <= 0) return;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    const started = performance.now();
    running = job
      .run()
      .then(
        (result): JobOutcome => result ?? 'ok',
        (err: unknown): JobOutcome => {
          app.log.warn({ err }, `${job.name} failed`);
          return 'failed';
        },
      )
      .then((outcome) => observer?.jobRan(job.name, outcome, (performance.now() - started) / 1000))
      .finally(() => {
        running = undefined;
      });
  }, job.intervalSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
