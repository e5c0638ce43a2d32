import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import {
  adminArtistDetailSchema,
  adminArtistSchema,
  adminCategorySchema,
  artistDeleteResultSchema,
  artistFormSchema,
  categoryFormSchema,
  deleteResultSchema,
  restoreArtistSchema,
  type ArtistForm,
} from '#shared/schemas/admin.js';
import { idParamsSchema } from '#shared/schemas/ids.js';
import { editionQuerySchema, type EditionQuery } from '#shared/schemas/edition.js';
import { auditActorOf } from '#server/features/audit/record-audit.js';
import { editionIdOf } from '#server/features/editions/edition-store.js';
import { loadAdminArtists } from './admin-artist-list.js';
import { deleteArtist, getAdminArtist, restoreArtist, saveArtist } from './artist-store.js';
import {
  createCategory,
  deleteCategory,
  getAdminCategory,
  listAdminCategories,
  updateCategory,
} from './category-store.js';

/** How long a save's answer waits for machine translation before answering without it. */
const TRANSLATION_WAIT_MS = 1500;
/** Fifty nominations with long descriptions in two languages fit; the global limit is 64 KiB. */
const ARTIST_BODY_LIMIT = 1024 * 1024;

/** Signed-out and non-admin callers are refused before anything else (route-access.ts). */
const GUARDED = errorResponses(401, 403);
const artistId = { what: 'artist id' } as const;
const categoryId = { what: 'category id' } as const;
const form = { form: true } as const;
/** Unknown edition (404) and malformed ?edition= (400), on every route here. */
const EDITION = errorResponses(400, 404);

/**
 * Admin API. Every route here is under /api/admin, so the route-access hook guards it
 * (401 signed out, 403 not admin) before anything else runs. Each works on one edition,
 * `?edition=<slug>` (the current one when left out): its categories, and each artist's nominations
 * in it (an artist's profile is shared by every edition); an archived edition refuses changes (409). Each change writes one audit row in
 * its own transaction (the stores take the actor) and emits 'catalog-changed' so the public
 * catalogue and the admin lists show it at once.
 */
export default async function adminRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.ctx;
  const { translation } = app.ctx;
  app.addHook('onClose', async () => translation.idle());
  const changed = () => events.emit('catalog-changed');
  const editionOf = (request: FastifyRequest<{ Querystring: EditionQuery }>) =>
    editionIdOf(db, request.query.edition);

  app.get(
    '/admin/artists',
    {
      schema: {
        operationId: 'listAdminArtists',
        summary: "List every artist, with their figures in an edition's nominations",
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: editionQuerySchema,
        response: { 200: z.array(adminArtistSchema), ...GUARDED, ...EDITION },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadAdminArtists(db, await editionOf(request));
    },
  );

  app.get(
    '/admin/artists/:id',
    {
      config: { input: { params: artistId } },
      schema: {
        operationId: 'getAdminArtist',
        summary: 'Get an artist and their nominations in an edition, for editing',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        querystring: editionQuerySchema,
        response: { 200: adminArtistDetailSchema, ...GUARDED, ...errorResponses(400, 404) },
      },
    },
    async (request) => getAdminArtist(db, await editionOf(request), request.params.id),
  );

  const saveAndTranslate = async (
    request: FastifyRequest<{ Querystring: EditionQuery }>,
    id: string | undefined,
    artist: ArtistForm,
  ) => {
    const editionId = await editionOf(request);
    const saved = await saveArtist(db, await auditActorOf(request), editionId, artist, id);
    changed();
    await translation.fill(
      [
        { table: 'artists', ids: [saved.id] },
        { table: 'nominations', ids: saved.nominationIds },
      ],
      TRANSLATION_WAIT_MS,
    );
    return getAdminArtist(db, editionId, saved.id);
  };

  app.post(
    '/admin/artists',
    {
      bodyLimit: ARTIST_BODY_LIMIT,
      config: { input: { body: form } },
      schema: {
        operationId: 'createArtist',
        summary: 'Add an artist and their nominations in an edition',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: editionQuerySchema,
        body: artistFormSchema,
        response: {
          201: adminArtistDetailSchema,
          ...GUARDED,
          ...errorResponses(400, 404, 409, 422),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveAndTranslate(request, undefined, request.body)),
  );

  app.put(
    '/admin/artists/:id',
    {
      bodyLimit: ARTIST_BODY_LIMIT,
      config: { input: { params: artistId, body: form } },
      schema: {
        operationId: 'updateArtist',
        summary: 'Change an artist and their nominations in an edition',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        querystring: editionQuerySchema,
        body: artistFormSchema,
        response: {
          200: adminArtistDetailSchema,
          ...GUARDED,
          ...errorResponses(400, 404, 409, 422),
        },
      },
    },
    async (request) => saveAndTranslate(request, request.params.id, request.body),
  );

  app.delete(
    '/admin/artists/:id',
    {
      config: { input: { params: artistId } },
      schema: {
        operationId: 'deleteArtist',
        summary: 'Take an artist and their nominations off the site (restoreArtist undoes it)',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        querystring: editionQuerySchema,
        response: { 200: artistDeleteResultSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const editionId = await editionOf(request);
      const result = await deleteArtist(
        db,
        await auditActorOf(request),
        editionId,
        request.params.id,
      );
      changed();
      return result;
    },
  );

  // Undo of the delete above (deleting asks no confirmation, so it can be taken back): the answer
  // is the artist.
  app.post(
    '/admin/artists/:id/restore',
    {
      config: { input: { params: artistId, body: form } },
      schema: {
        operationId: 'restoreArtist',
        summary: "Undo an artist's deletion",
        tags: ['admin'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        querystring: editionQuerySchema,
        body: restoreArtistSchema,
        response: { 200: adminArtistDetailSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const editionId = await editionOf(request);
      await restoreArtist(db, await auditActorOf(request), id, request.body.nominationIds);
      changed();
      return getAdminArtist(db, editionId, id);
    },
  );

  app.get(
    '/admin/categories',
    {
      schema: {
        operationId: 'listAdminCategories',
        summary: "List an edition's categories, with what the admin pages show",
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: editionQuerySchema,
        response: { 200: z.array(adminCategorySchema), ...GUARDED, ...EDITION },
      },
    },
    async (request) => listAdminCategories(db, await editionOf(request)),
  );

  const translateCategory = (id: string) =>
    translation.fill([{ table: 'categories', ids: [id] }], TRANSLATION_WAIT_MS);

  app.post(
    '/admin/categories',
    {
      config: { input: { body: form } },
      schema: {
        operationId: 'createCategory',
        summary: 'Add a category to an edition',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: editionQuerySchema,
        body: categoryFormSchema,
        response: { 201: adminCategorySchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const editionId = await editionOf(request);
      const id = await createCategory(db, await auditActorOf(request), editionId, request.body);
      changed();
      await translateCategory(id);
      return reply.status(201).send(await getAdminCategory(db, editionId, id));
    },
  );

  app.put(
    '/admin/categories/:id',
    {
      config: { input: { params: categoryId, body: form } },
      schema: {
        operationId: 'updateCategory',
        summary: 'Change a category',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        querystring: editionQuerySchema,
        body: categoryFormSchema,
        response: { 200: adminCategorySchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const editionId = await editionOf(request);
      await updateCategory(db, await auditActorOf(request), editionId, id, request.body);
      changed();
      await translateCategory(id);
      return getAdminCategory(db, editionId, id);
    },
  );

  app.delete(
    '/admin/categories/:id',
    {
      config: { input: { params: categoryId } },
      schema: {
        operationId: 'deleteCategory',
        summary: 'Delete a category, or hide it when it has paid votes',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        querystring: editionQuerySchema,
        response: { 200: deleteResultSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const editionId = await editionOf(request);
      const result = await deleteCategory(
        db,
        await auditActorOf(request),
        editionId,
        request.params.id,
      );
      changed();
      return result;
    },
  );
}
