import { z } from 'zod';

/** GET /healthz: the process answers. */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

/** This instance's connections to PostgreSQL (absent on PGlite, which has one). */
export const poolStatsSchema = z.object({
  max: z.number().int(),
  open: z.number().int(),
  idle: z.number().int(),
  waiting: z.number().int(),
});
export type PoolStats = z.infer<typeof poolStatsSchema>;

/**
 * GET /readyz. Ready (200) means the database answers and this instance's pool can lend a
 * connection for it (`saturated`: the server answers but every pooled connection stays busy, so
 * requests here would time out); Redis only decides whether rate limits are shared across
 * instances or counted in this process, so its loss is reported without a 503.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable', 'saturated']),
  pool: poolStatsSchema.optional(),
  redis: z.enum(['ok', 'unreachable', 'not configured']),
  rateLimits: z.enum(['redis', 'in-process']),
  message: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;
