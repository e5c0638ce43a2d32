import type { FastifyInstance } from 'fastify';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await app.ctx.database.query('SELECT 1');
      return { status: 'ready' };
    } catch (err) {
      request.log.error({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', message: 'Database not reachable' });
    }
  });
}
