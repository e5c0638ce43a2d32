import type { FastifyInstance } from 'fastify';

/** Routes of the auth feature. */
export default async function authRoutes(_app: FastifyInstance): Promise<void> {}
