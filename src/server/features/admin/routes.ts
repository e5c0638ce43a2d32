import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#server/http/route-schema.js';
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
      schema: { tags: ['admin'], response: { 200: z.array(adminArtistSchema), ...GUARDED } },
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
        tags: ['admin'],
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
        tags: ['admin'],
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
        tags: ['admin'],
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
        tags: ['admin'],
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
        tags: ['admin'],
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
    { schema: { tags: ['admin'], response: { 200: z.array(adminCategorySchema), ...GUARDED } } },
    async () => listAdminCategories(db),
  );

  const translateCategory = (id: string) =>
    translation.fill([{ table: 'categories', ids: [id] }], TRANSLATION_WAIT_MS);

  app.post(
    '/admin/categories',
    {
      config: { input: form },
      schema: {
        tags: ['admin'],
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
        tags: ['admin'],
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
        tags: ['admin'],
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
