import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActorOf } from '#server/features/audit/record-audit.js';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import {
  createEditionSchema,
  currentEditionSchema,
  editionListSchema,
  editionSlugParamsSchema,
  pastEditionListSchema,
  type EditionList,
  type PastEditionList,
} from '#shared/schemas/edition.js';
import {
  archiveEdition,
  createEdition,
  listEditions,
  listPastEditions,
  setCurrentEdition,
} from './edition-store.js';

/** Signed-out and non-admin callers are refused before anything else (route-access.ts). */
const GUARDED = errorResponses(401, 403);

/**
 * Editions: the list and the past ones with their winners (public: the admin's switcher and the
 * archive page), and under /api/admin creating one, choosing the current one and archiving a
 * finished one. Every change is followed by `event-changed` and `catalog-changed`: the current
 * edition's settings and catalogue are what the public pages show.
 */
export default async function editionRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const changed = () => {
    ctx.events.emit('event-changed');
    ctx.events.emit('catalog-changed');
  };
  const list = async (): Promise<EditionList> => ({ editions: await listEditions(ctx.db) });

  app.get(
    '/editions',
    {
      schema: {
        operationId: 'listEditions',
        summary: 'List every edition: its short name, names, dates and status',
        tags: ['event'],
        response: { 200: editionListSchema },
      },
    },
    async (_request, reply): Promise<EditionList> => {
      reply.header('cache-control', 'no-store');
      return list();
    },
  );

  app.get(
    '/editions/past',
    {
      schema: {
        operationId: 'listPastEditions',
        summary: 'List the past editions, newest first, with their winners once published',
        tags: ['event'],
        response: { 200: pastEditionListSchema },
      },
    },
    async (_request, reply): Promise<PastEditionList> => {
      reply.header('cache-control', 'no-store');
      return { editions: await listPastEditions(ctx.db, ctx.config.eventTimezone) };
    },
  );

  app.post(
    '/admin/editions',
    {
      config: { input: { form: true } },
      schema: {
        operationId: 'createEdition',
        summary: "Create an edition, empty or with another edition's categories and nominees",
        tags: ['admin'],
        security: SESSION_REQUIRED,
        body: createEditionSchema,
        response: { 201: editionListSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply): Promise<EditionList> => {
      await createEdition(ctx.db, await auditActorOf(request), request.body);
      changed();
      reply.code(201);
      return list();
    },
  );

  app.put(
    '/admin/editions/current',
    {
      config: { input: { form: true } },
      schema: {
        operationId: 'setCurrentEdition',
        summary: 'Choose the edition the public pages show',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        body: currentEditionSchema,
        response: { 200: editionListSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request): Promise<EditionList> => {
      await setCurrentEdition(ctx.db, await auditActorOf(request), request.body.slug);
      changed();
      return list();
    },
  );

  app.post(
    '/admin/editions/:slug/archive',
    {
      schema: {
        operationId: 'archiveEdition',
        summary: 'Archive a finished edition: read-only, its results and books still public',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        params: editionSlugParamsSchema,
        response: { 200: editionListSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request): Promise<EditionList> => {
      await archiveEdition(ctx.db, await auditActorOf(request), request.params.slug);
      changed();
      return list();
    },
  );
}
