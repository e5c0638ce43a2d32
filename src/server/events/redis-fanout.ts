import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { AppEvents } from './app-events.js';

const CHANNEL = 'palmares:catalog-changed';

/**
 * With several instances behind a load balancer, a vote settled on one must drop the catalogue
 * snapshot on all of them: local `catalog-changed` events are published on Redis, and events from
 * the other instances are re-emitted here (never re-published, so nothing loops).
 */
export async function connectRedisFanout(
  url: string,
  events: AppEvents,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const instance = randomUUID();
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: 2 });
  for (const client of [publisher, subscriber]) {
    client.on('error', (err) => log.warn({ err }, 'redis fan-out connection error'));
  }
  let relaying = false;
  const publish = () => {
    if (relaying) return;
    publisher
      .publish(CHANNEL, instance)
      .catch((err: unknown) => log.warn({ err }, 'redis publish failed'));
  };
  events.on('catalog-changed', publish);
  subscriber.on('message', (_channel, from: string) => {
    if (from === instance) return;
    relaying = true;
    try {
      events.emit('catalog-changed');
    } finally {
      relaying = false;
    }
  });
  await subscriber.subscribe(CHANNEL);
  return async () => {
    events.off('catalog-changed', publish);
    await Promise.all([publisher.quit(), subscriber.quit()]).catch(() => undefined);
  };
}
