import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActorOf } from '#server/features/audit/record-audit.js';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import {
  eventSettingsSchema,
  publicEventSchema,
  resultsSchema,
  type PublicEvent,
  type Results,
} from '#shared/schemas/event.js';
import { editionQuerySchema } from '#shared/schemas/edition.js';
import { editionIdOf, findEdition } from '#server/features/editions/edition-store.js';
import { closeVotingNow, publishResults, updateEventSettings } from './event-store.js';
import { rankedResults } from './results-query.js';
import { markStale } from '#server/http/stale-answer.js';
import { currentEditionId } from '#server/features/editions/current-edition.js';

/** Signed-out and non-admin callers are refused before anything else (route-access.ts). */
const GUARDED = errorResponses(401, 403);
/**
 * Publishing salts every credited receipt with scrypt (about 4 ms of a core each): a minute or
 * more for a large event. As long as the proxy waits for this route (deploy/haproxy.cfg).
 */
const PUBLISH_TIMEOUT_MS = 10 * 60_000;

/**
 * The event: its window and visibility (public), their settings and the results' publication
 * (admin, under /api/admin so the route-access hook guards them), and the results (public). The
 * settings routes take `?edition=<slug>` (the current edition when left out); an archived edition
 * refuses changes (409).
 */
export default async function eventRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const changed = () => ctx.events.emit('event-changed');

  app.get(
    '/event',
    {
      schema: {
        operationId: 'getEvent',
        summary: "Get an edition's name, voting window and what it shows (default: the current)",
        tags: ['event'],
        querystring: editionQuerySchema,
        response: { 200: publicEventSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply): Promise<PublicEvent> => {
      reply.header('cache-control', 'no-store');
      const { edition } = request.query;
      if (edition !== undefined) return ctx.event.edition(await editionIdOf(ctx.db, edition));
      const event = await ctx.event.current();
      markStale(reply.header('cache-control', 'no-store'), ctx.event.staleSince);
      return event;
    },
  );

  app.put(
    '/admin/event',
    {
      config: { input: { body: { form: true } } },
      schema: {
        operationId: 'updateEventSettings',
        summary: "Change an edition's name, voting window, results visibility and prices",
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: editionQuerySchema,
        body: eventSettingsSchema,
        response: { 200: publicEventSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request): Promise<PublicEvent> => {
      const actor = await auditActorOf(request);
      const editionId = await editionIdOf(ctx.db, request.query.edition);
      await updateEventSettings(ctx.db, actor, editionId, request.body, ctx.config.eventTimezone);
      changed();
      return ctx.event.edition(editionId);
    },
  );

  app.post(
    '/admin/event/close-voting',
    {
      schema: {
        operationId: 'closeVoting',
        summary: "End an edition's voting now, so pending payments settle before the results",
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: editionQuerySchema,
        response: { 200: publicEventSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request): Promise<PublicEvent> => {
      const editionId = await editionIdOf(ctx.db, request.query.edition);
      const actor = await auditActorOf(request);
      await closeVotingNow(ctx.db, actor, editionId, ctx.config.eventTimezone);
      changed();
      return ctx.event.edition(editionId);
    },
  );

  app.post(
    '/admin/event/publish-results',
    {
      handlerTimeout: PUBLISH_TIMEOUT_MS,
      schema: {
        operationId: 'publishResults',
        summary: "Publish an edition's final results",
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: editionQuerySchema,
        response: { 200: publicEventSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request): Promise<PublicEvent> => {
      const editionId = await editionIdOf(ctx.db, request.query.edition);
      await publishResults(ctx.db, await auditActorOf(request), editionId);
      changed();
      return ctx.event.edition(editionId);
    },
  );

  app.get(
    '/results',
    {
      schema: {
        operationId: 'getResults',
        summary: "Get an edition's published results, or learn that they are not out yet",
        tags: ['event'],
        querystring: editionQuerySchema,
        response: { 200: resultsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply): Promise<Results> => {
      reply.header('cache-control', 'no-store');
      const { edition } = request.query;
      if (edition === undefined) {
        // The current edition's, whether published from the event in memory: answered while
        // the database is away when they are not out yet.
        const { resultsPublishedAt } = await ctx.event.current();
        if (resultsPublishedAt === null) return { published: false };
        return rankedResults(ctx.db, currentEditionId, resultsPublishedAt);
      }
      const { id, resultsPublishedAt } = await findEdition(
        ctx.db,
        edition,
        ctx.config.eventTimezone,
      );
      if (resultsPublishedAt === null) return { published: false };
      return rankedResults(ctx.db, id, resultsPublishedAt.toISOString());
    },
  );
}
