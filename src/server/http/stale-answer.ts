import type { FastifyReply } from 'fastify';

/**
 * Marks an answer served from memory while the database is away, in the standard Cache-Status
 * header: a hit whose freshness ran out `ttl` (negative) seconds ago, and why. Clients and the
 * operator's logs can tell it from a fresh answer; the body stays the same shape.
 */
export function markStale(reply: FastifyReply, staleSince: number | undefined): FastifyReply {
  if (staleSince === undefined) return reply;
  const seconds = Math.max(1, Math.round((Date.now() - staleSince) / 1000));
  return reply.header(
    'cache-status',
    `palmares; hit; ttl=-${seconds}; detail="database unavailable"`,
  );
}
