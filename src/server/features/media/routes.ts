import type { FastifyInstance } from 'fastify';

/** Routes of the media feature. */
export default async function mediaRoutes(_app: FastifyInstance): Promise<void> {}
