import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/http/http-error.js';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import type { VoterText } from '#server/http/voter-text.js';

const TOO_MANY_STREAMS: VoterText = {
  en: 'Too many live connections from your network. The page will refresh on its own.',
  fr: 'Trop de connexions en direct depuis votre réseau. La page se mettra à jour toute seule.',
};

const stream = (description: string) =>
  z.unknown().describe(`text/event-stream: ${description} (shapes in src/shared/schemas/live.ts)`);

/**
 * The live streams (Server-Sent Events, ADR 0046), written on the raw response for as long as
 * the client stays. /api/admin/live is guarded by path like every admin route (route-access.ts).
 */
export default async function liveRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { live } = app.ctx;

  /** Refused before the stream starts, as any other answer; then the stream is the hub's. */
  const refuseWhenFull = (request: FastifyRequest) => {
    if (!live.hasRoom(request.ip)) throw new HttpError(429, TOO_MANY_STREAMS);
  };

  app.get(
    '/live',
    {
      schema: {
        operationId: 'streamLiveUpdates',
        summary: 'Stream live vote counts and event changes (Server-Sent Events)',
        tags: ['live'],
        headers: z.object({ 'last-event-id': z.string().max(64).optional() }),
        produces: ['text/event-stream'],
        response: {
          200: stream('snapshot, then tallies and event changes'),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      refuseWhenFull(request);
      reply.hijack();
      await live.openPublic(reply.raw, request.ip, request.headers['last-event-id']);
    },
  );

  app.get(
    '/admin/live',
    {
      schema: {
        operationId: 'streamAdminLiveUpdates',
        summary: 'Stream each payment as it settles (Server-Sent Events)',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        headers: z.object({ 'last-event-id': z.string().max(64).optional() }),
        produces: ['text/event-stream'],
        response: {
          200: stream('hello, then what a reconnect missed when it can, then each settled payment'),
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      refuseWhenFull(request);
      reply.hijack();
      live.openAdmin(reply.raw, request.ip, request.headers['last-event-id']);
    },
  );
}
