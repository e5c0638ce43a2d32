import type { FastifyInstance } from 'fastify';

/** Routes of the analytics feature. */
export default async function analyticsRoutes(_app: FastifyInstance): Promise<void> {}
