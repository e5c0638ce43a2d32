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
import { preEncodedRoute, sendEncoded } from '#server/http/encoded-body.js';
import { auditActorOf } from '#server/features/audit/record-audit.js';
import { listAdminArtists } from './admin-artist-list.js';
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

/**
 * Admin API. Every route here is under /api/admin, so the route-access hook guards it
 * (401 signed out, 403 not admin) before anything else runs. Each change writes one audit row in
 * its own transaction (the stores take the actor) and emits 'catalog-changed' so the public
 * catalogue and the admin lists show it at once.
 */
export default async function adminRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.ctx;
  const { translation } = app.ctx;
  app.addHook('onClose', async () => translation.idle());
  const changed = () => events.emit('catalog-changed');

  // The list is the snapshot's pre-encoded answer, sent as it is.
  app.get(
    '/admin/artists',
    {
      ...preEncodedRoute,
      schema: {
        operationId: 'listAdminArtists',
        summary: 'List every artist, with what the admin pages show',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        response: { 200: z.array(adminArtistSchema), ...GUARDED },
      },
    },
    async (_request, reply) => {
      const snapshot = await app.ctx.catalog.get();
      return sendEncoded(
        reply.header('cache-control', 'no-store'),
        snapshot.json('admin:artists', () => listAdminArtists(snapshot)),
      );
    },
  );

  app.get(
    '/admin/artists/:id',
    {
      config: { input: artistId },
      schema: {
        operationId: 'getAdminArtist',
        summary: 'Get an artist and their nominations, for editing',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        response: { 200: adminArtistDetailSchema, ...GUARDED, ...errorResponses(400, 404) },
      },
    },
    async (request) => getAdminArtist(db, request.params.id),
  );

  const saveAndTranslate = async (
    request: FastifyRequest,
    id: string | undefined,
    artist: ArtistForm,
  ) => {
    const saved = await saveArtist(db, await auditActorOf(request), artist, id);
    changed();
    await translation.fill(
      [
        { table: 'artists', ids: [saved.id] },
        { table: 'nominations', ids: saved.nominationIds },
      ],
      TRANSLATION_WAIT_MS,
    );
    return getAdminArtist(db, saved.id);
  };

  app.post(
    '/admin/artists',
    {
      bodyLimit: ARTIST_BODY_LIMIT,
      config: { input: form },
      schema: {
        operationId: 'createArtist',
        summary: 'Add an artist and their nominations',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        body: artistFormSchema,
        response: { 201: adminArtistDetailSchema, ...GUARDED, ...errorResponses(400, 409) },
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
        summary: 'Change an artist and their nominations',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        body: artistFormSchema,
        response: { 200: adminArtistDetailSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => saveAndTranslate(request, request.params.id, request.body),
  );

  app.delete(
    '/admin/artists/:id',
    {
      config: { input: artistId },
      schema: {
        operationId: 'deleteArtist',
        summary: 'Take an artist and their nominations off the site (restoreArtist undoes it)',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        response: { 200: artistDeleteResultSchema, ...GUARDED, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const result = await deleteArtist(db, await auditActorOf(request), request.params.id);
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
        body: restoreArtistSchema,
        response: { 200: adminArtistDetailSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await restoreArtist(db, await auditActorOf(request), id, request.body.nominationIds);
      changed();
      return getAdminArtist(db, id);
    },
  );

  app.get(
    '/admin/categories',
    {
      schema: {
        operationId: 'listAdminCategories',
        summary: 'List every category, with what the admin pages show',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        response: { 200: z.array(adminCategorySchema), ...GUARDED },
      },
    },
    async () => listAdminCategories(db),
  );

  const translateCategory = (id: string) =>
    translation.fill([{ table: 'categories', ids: [id] }], TRANSLATION_WAIT_MS);

  app.post(
    '/admin/categories',
    {
      config: { input: form },
      schema: {
        operationId: 'createCategory',
        summary: 'Add a category',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        body: categoryFormSchema,
        response: { 201: adminCategorySchema, ...GUARDED, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const id = await createCategory(db, await auditActorOf(request), request.body);
      changed();
      await translateCategory(id);
      return reply.status(201).send(await getAdminCategory(db, id));
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
        body: categoryFormSchema,
        response: { 200: adminCategorySchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await updateCategory(db, await auditActorOf(request), id, request.body);
      changed();
      await translateCategory(id);
      return getAdminCategory(db, id);
    },
  );

  app.delete(
    '/admin/categories/:id',
    {
      config: { input: categoryId },
      schema: {
        operationId: 'deleteCategory',
        summary: 'Delete a category, or hide it when it has paid votes',
        tags: ['admin'],
        security: SESSION_REQUIRED,

        params: idParamsSchema,
        response: { 200: deleteResultSchema, ...GUARDED, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const result = await deleteCategory(db, await auditActorOf(request), request.params.id);
      changed();
      return result;
    },
  );
}
