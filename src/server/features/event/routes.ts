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
import { closeVotingNow, publishResults, updateEventSettings } from './event-store.js';
import { rankedResults } from './results-query.js';
import { markStale } from '#server/http/stale-answer.js';
import { currentEditionId } from '#server/features/editions/current-edition.js';
import { editionPublication } from '#server/features/editions/edition-store.js';
import { editionQuerySchema } from '#shared/schemas/edition.js';

/** Signed-out and non-admin callers are refused before anything else (route-access.ts). */
const GUARDED = errorResponses(401, 403);

/**
 * The event: its window and visibility (public), their settings and the results' publication
 * (admin, under /api/admin so the route-access hook guards them), and the results (public).
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
        summary: 'Get the event: its name, voting window and what it shows',
        tags: ['event'],
        response: { 200: publicEventSchema },
      },
    },
    async (_request, reply): Promise<PublicEvent> => {
      const event = await ctx.event.current();
      markStale(reply.header('cache-control', 'no-store'), ctx.event.staleSince);
      return event;
    },
  );

  app.put(
    '/admin/event',
    {
      config: { input: { form: true } },
      schema: {
        operationId: 'updateEventSettings',
        summary: "Change the event's name, voting window and results visibility",
        tags: ['admin'],
        security: SESSION_REQUIRED,
        body: eventSettingsSchema,
        response: { 200: publicEventSchema, ...GUARDED, ...errorResponses(400) },
      },
    },
    async (request): Promise<PublicEvent> => {
      const actor = await auditActorOf(request);
      await updateEventSettings(ctx.db, actor, request.body, ctx.config.eventTimezone);
      changed();
      return ctx.event.current();
    },
  );

  app.post(
    '/admin/event/close-voting',
    {
      schema: {
        operationId: 'closeVoting',
        summary: 'End voting now, so pending payments can settle before the results go out',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        response: { 200: publicEventSchema, ...GUARDED, ...errorResponses(409) },
      },
    },
    async (request): Promise<PublicEvent> => {
      await closeVotingNow(ctx.db, await auditActorOf(request), ctx.config.eventTimezone);
      changed();
      return ctx.event.current();
    },
  );

  app.post(
    '/admin/event/publish-results',
    {
      schema: {
        operationId: 'publishResults',
        summary: 'Publish the final results',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        response: { 200: publicEventSchema, ...GUARDED, ...errorResponses(409) },
      },
    },
    async (request): Promise<PublicEvent> => {
      await publishResults(ctx.db, await auditActorOf(request));
      changed();
      return ctx.event.current();
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
      const { id, resultsPublishedAt } = await editionPublication(ctx.db, edition);
      if (resultsPublishedAt === null) return { published: false };
      return rankedResults(ctx.db, id, resultsPublishedAt.toISOString());
    },
  );
}
