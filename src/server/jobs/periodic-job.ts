import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  /** For the logs: "<name> failed". */
  name: string;
  /** 0 or less: the job never runs. */
  intervalSeconds: number;
  run: () => Promise<void>;
}

/** Hears how each run of a job went (the metrics, when they are on). */
export interface JobRunObserver {
  jobRan(name: string, outcome: 'ok' | 'failed', seconds: number): void;
}

/**
 * Runs a job every `intervalSeconds` for the life of the app. A run still going when the next is
 * due is not doubled; a failed run is logged and the next one tries again; the timer never keeps
 * the process alive, and closing the app waits for a run in progress. Work that must happen once
 * across instances takes its own advisory lock (db/advisory-locks.ts) inside `run`. `observer`
 * hears each run's outcome and duration.
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
        () => 'ok' as const,
        (err: unknown) => {
          app.log.warn({ err }, `${job.name} failed`);
          return 'failed' as const;
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
