import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { purgeExpiredSessions } from './session-store.js';

const PURGE_LOCK = 7243010;

/**
 * One sweep across all instances: the transaction-scoped advisory lock lets the first instance
 * purge and the others skip that tick (DESIGN "Scale": periodic work runs once).
 */
export async function purgeExpiredSessionsOnce(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}) AS locked`);
    const [row] = (result as unknown as { rows: Array<{ locked: boolean }> }).rows;
    if (!row?.locked) return null;
    return purgeExpiredSessions(tx as unknown as Db);
  });
}

/** Sweeps expired sessions every SESSION_PURGE_INTERVAL_SECONDS (0: never); the timer never holds the process open. */
export function scheduleSessionPurge(app: FastifyInstance): void {
  const seconds = app.ctx.config.sessionPurgeIntervalSeconds;
  if (seconds <= 0) return;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = purgeExpiredSessionsOnce(app.ctx.db)
      .then((count) => {
        if (count) app.log.info({ count }, 'purged expired sessions');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'session purge failed'))
      .finally(() => {
        running = undefined;
      });
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
