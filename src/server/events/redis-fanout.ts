import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { closeRedisClient, REDIS_COMMAND_TIMEOUT_MS } from '#server/redis/redis-link.js';
import { OutageLog } from '#server/redis/outage-log.js';
import {
  FANNED_OUT_ARGS,
  FANNED_OUT_EVENTS,
  type AppEvents,
  type FannedOutEvent,
} from './app-events.js';

const CHANNEL = 'palmares:events';
/** Start-up waits this long at most for the subscription; without Redis it goes on regardless. */
const SUBSCRIBE_WAIT_MS = 1000;

/**
 * With several instances behind a load balancer, a vote settled on one must reach the catalogue
 * and the live streams of all of them, and an organiser's change must reach every instance's
 * cached copy: the local events in FANNED_OUT_EVENTS are published on Redis with their arguments,
 * and events from the other instances are re-emitted here (never re-published, so nothing loops).
 *
 * Redis being down costs only freshness (each instance's snapshot still expires after
 * CATALOG_CACHE_MS): a publish then fails at once, and the subscription is renewed on reconnect.
 */
export async function connectRedisFanout(
  url: string,
  events: AppEvents,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const instance = randomUUID();
  const outage = new OutageLog(log, {
    down: 'Redis unreachable: catalogue changes reach other instances only as their cache expires',
    up: 'Redis reachable again: catalogue changes reach other instances at once',
  });
  const publisher = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // The subscription waits for a connection however long it takes (ioredis renews it on reconnect).
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  for (const client of [publisher, subscriber]) {
    client.on('error', (err: unknown) => outage.failed(err));
  }
  subscriber.on('ready', () => outage.recovered());
  const publishers = FANNED_OUT_EVENTS.map((name) => {
    const publish = (...args: unknown[]) => {
      if (events.relaying) return;
      publisher
        .publish(CHANNEL, JSON.stringify({ from: instance, name, args }))
        .catch((err: unknown) => outage.failed(err));
    };
    events.on(name, publish);
    return () => events.off(name, publish);
  });
  subscriber.on('message', (_channel, message: string) => {
    const relayed = parseRelayed(message);
    if (!relayed || relayed.from === instance) return;
    // The arguments were checked against the event's own schema in parseRelayed().
    events.relay(relayed.name, relayed.args);
  });
  const subscribed = subscriber.subscribe(CHANNEL).catch((err: unknown) => outage.failed(err));
  let waited: NodeJS.Timeout | undefined;
  await Promise.race([
    subscribed,
    new Promise((resolve) => (waited = setTimeout(resolve, SUBSCRIBE_WAIT_MS))),
  ]);
  clearTimeout(waited);
  return async () => {
    for (const stop of publishers) stop();
    await Promise.all([closeRedisClient(publisher), closeRedisClient(subscriber)]);
  };
}

const envelopeSchema = z.object({
  from: z.string(),
  name: z.enum(FANNED_OUT_EVENTS),
  args: z.array(z.unknown()),
});

/** A message from another instance; anything else on the channel is ignored. */
function parseRelayed(
  message: string,
): { from: string; name: FannedOutEvent; args: readonly unknown[] } | null {
  try {
    const envelope = envelopeSchema.safeParse(JSON.parse(message));
    if (!envelope.success) return null;
    const args = FANNED_OUT_ARGS[envelope.data.name].safeParse(envelope.data.args);
    return args.success ? { ...envelope.data, args: args.data } : null;
  } catch {
    return null;
  }
}
