import type { FastifyInstance } from 'fastify';

/** Routes of the checkout feature. */
export default async function checkoutRoutes(_app: FastifyInstance): Promise<void> {}
