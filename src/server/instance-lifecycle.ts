import type { FastifyInstance } from 'fastify';

/** Whether this instance is on its way out (readiness then fails while requests are still served). */
export interface InstanceLifecycle {
  draining: boolean;
}

/**
 * Stops an instance without refusing anyone: /readyz answers 503 first, so the load balancer
 * takes the instance out of rotation within its check interval while requests keep their answers;
 * only after `drainMs` does the app stop listening and close (docs/operations.md, rolling restart).
 */
export async function drainThenClose(app: FastifyInstance, drainMs: number): Promise<void> {
  app.ctx.lifecycle.draining = true;
  if (drainMs > 0) {
    app.log.info({ drainMs }, 'draining: /readyz answers 503 until closing');
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  await app.close();
}
