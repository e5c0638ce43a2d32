import { z } from 'zod';

/** GET /healthz: the process answers. */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

/**
 * GET /readyz. Ready (200) means the database answers; Redis only decides whether rate limits are
 * shared across instances or counted in this process, so its loss is reported without a 503.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  redis: z.enum(['ok', 'unreachable', 'not configured']),
  rateLimits: z.enum(['redis', 'in-process']),
  message: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;
