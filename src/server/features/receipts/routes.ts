import type { FastifyInstance } from 'fastify';

/** Routes of the receipts feature. */
export default async function receiptsRoutes(_app: FastifyInstance): Promise<void> {}
