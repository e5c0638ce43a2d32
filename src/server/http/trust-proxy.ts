import type { FastifyServerOptions } from 'fastify';
import type { Config } from '#server/config.js';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Addresses and `false` pass through. Fastify no longer
 * honours a bare hop count (it cannot tell the proxy from a client that reaches the app
 * directly), so a count becomes a function trusting the nearest N hops: right when the app is
 * reachable only through its proxies, which is why README recommends addresses otherwise.
 */
export function fastifyTrustProxy(
  setting: Config['trustProxy'],
): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address: string, hop: number) => hop < hops;
}
