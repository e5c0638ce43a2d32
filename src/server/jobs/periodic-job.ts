import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  /** For the logs: "<name> failed". */
  name: string;
  /** 0 or less: the job never runs. */
  intervalSeconds: number;
  run: () => Promise<void>;
}

/**
 * Runs a job every `intervalSeconds` for the life of the app. A run still going when the next is
 * due is not doubled; a failed run is logged and the next one tries again; the timer never keeps
 * the process alive, and closing the app waits for a run in progress. Work that must happen once
 * across instances takes its own advisory lock (db/advisory-locks.ts) inside `run`.
 */
export function schedulePeriodicJob(app: FastifyInstance, job: PeriodicJob): void {
  if (job.intervalSeconds <= 0) return;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = job
      .run()
      .catch((err: unknown) => app.log.warn({ err }, `${job.name} failed`))
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
