import type { FastifyInstance } from 'fastify';

/** Routes of the tracking feature. */
export default async function trackingRoutes(_app: FastifyInstance): Promise<void> {}
