import type { FastifyInstance } from 'fastify';

/** Routes of the admin feature. */
export default async function adminRoutes(_app: FastifyInstance): Promise<void> {}
