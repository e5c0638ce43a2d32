import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.js';
import { withTimeLimit } from '#server/time/time-limit.js';
import {
  livenessSchema,
  readinessSchema,
  type Liveness,
  type Readiness,
} from '#shared/schemas/health.js';

/** With Redis's own bound checked alongside, /readyz answers within a second either way. */
const DATABASE_CHECK_MS = 700;

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'checkLiveness',
        summary: 'Say whether the server process is up',
        tags: ['health'],
        response: { 200: livenessSchema },
      },
    },
    async (): Promise<Liveness> => ({ status: 'ok' }),
  );

  // A load balancer (or many) polling during an outage must not pile up checks: callers that
  // arrive while one is running share its answer.
  let running: Promise<Readiness> | undefined;
  const readiness = {
    operationId: 'checkReadiness',
    summary: 'Say whether the server can serve requests (its database answers)',
    tags: ['health'],
    response: { 200: readinessSchema, 503: readinessSchema },
  };
  app.get('/readyz', { schema: readiness }, async (request, reply): Promise<Readiness> => {
    running ??= checkReadiness(app.ctx).finally(() => {
      running = undefined;
    });
    const checked = await running;
    // Shutting down: out of rotation first, whatever the database says (instance-lifecycle.ts).
    const readiness: Readiness = app.ctx.lifecycle.draining
      ? { ...checked, status: 'unavailable', message: 'This instance is shutting down' }
      : checked;
    reply.header('cache-control', 'no-store');
    if (readiness.status !== 'ready') {
      // A drain is planned: only a failing database is worth a warning.
      if (checked.status === 'ready') request.log.info('not ready: draining');
      else request.log.warn(readiness, 'not ready');
      reply.status(503);
    }
    return readiness;
  });
}

async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  const { database: db } = ctx;
  const bounded = (work: Promise<unknown>) =>
    withTimeLimit(work, DATABASE_CHECK_MS, 'database did not answer').then(
      () => true,
      () => false,
    );
  const [reachable, lends, redis] = await Promise.all([
    // The probe's own connection says whether the server answers; a query through the pool says
    // whether this instance can still get a connection to ask it with.
    bounded(db.ping(DATABASE_CHECK_MS)),
    bounded(db.query('SELECT 1')),
    ctx.redis ? ctx.redis.check() : ('not configured' as const),
  ]);
  const database = !reachable ? 'unreachable' : lends ? 'ok' : 'saturated';
  const pool = db.poolStats();
  return {
    status: database === 'ok' ? 'ready' : 'unavailable',
    database,
    ...(pool ? { pool } : {}),
    redis,
    rateLimits: redis === 'ok' ? 'redis' : 'in-process',
    ...(database === 'ok' ? {} : { message: NOT_READY[database] }),
  };
}

const NOT_READY = {
  unreachable: 'Database not reachable',
  saturated: 'Every database connection of this instance is busy',
} as const;
