import type { FastifyInstance } from 'fastify';
import { parse } from '../../http/parse.js';
import { artistFormSchema, categoryFormSchema } from '../../../shared/schemas/admin.js';
import { idParamsSchema } from '../../../shared/schemas/ids.js';
import { preEncodedRoute, sendEncoded } from '../../http/encoded-body.js';
import { catalogCache } from '../catalog/catalog-cache.js';
import { frenchTranslation } from '../translation/french-translation.js';
import { listAdminArtists } from './admin-artist-list.js';
import { deleteArtist, getAdminArtist, saveArtist } from './artist-store.js';
import {
  createCategory,
  deleteCategory,
  getAdminCategory,
  listAdminCategories,
  updateCategory,
} from './category-store.js';
import { parseBody } from './parse-body.js';

/** How long a save's answer waits for machine translation before answering without it. */
const TRANSLATION_WAIT_MS = 1500;
/** Fifty nominations with long descriptions in two languages fit; the global limit is 64 KiB. */
const ARTIST_BODY_LIMIT = 1024 * 1024;

/**
 * Admin API (SPEC 7). Every route here is under /api/admin, so the route-access hook guards it
 * (401 signed out, 403 not admin) before anything else runs. Each change emits
 * 'catalog-changed' so the public catalogue and the admin lists show it at once.
 */
export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db, events } = app.ctx;
  const translation = frenchTranslation(app.ctx, app.log);
  app.addHook('onClose', async () => translation.idle());
  const changed = () => events.emit('catalog-changed');

  app.get('/admin/artists', preEncodedRoute, async (_request, reply) => {
    const snapshot = await catalogCache(app.ctx).get();
    return sendEncoded(
      reply.header('cache-control', 'no-store'),
      snapshot.json('admin:artists', () => listAdminArtists(snapshot)),
    );
  });

  app.get('/admin/artists/:id', async (request) => {
    const { id } = parse(idParamsSchema, request.params, 'artist id');
    return getAdminArtist(db, id);
  });

  const saveAndTranslate = async (id: string | undefined, body: unknown) => {
    const form = parseBody(artistFormSchema, body);
    const saved = await saveArtist(db, form, id);
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

  app.post('/admin/artists', { bodyLimit: ARTIST_BODY_LIMIT }, async (request, reply) => {
    return reply.status(201).send(await saveAndTranslate(undefined, request.body));
  });

  app.put('/admin/artists/:id', { bodyLimit: ARTIST_BODY_LIMIT }, async (request) => {
    const { id } = parse(idParamsSchema, request.params, 'artist id');
    return saveAndTranslate(id, request.body);
  });

  app.delete('/admin/artists/:id', async (request) => {
    const { id } = parse(idParamsSchema, request.params, 'artist id');
    const result = await deleteArtist(db, id);
    changed();
    return result;
  });

  app.get('/admin/categories', async () => listAdminCategories(db));

  const translateCategory = (id: string) =>
    translation.fill([{ table: 'categories', ids: [id] }], TRANSLATION_WAIT_MS);

  app.post('/admin/categories', async (request, reply) => {
    const form = parseBody(categoryFormSchema, request.body);
    const id = await createCategory(db, form);
    changed();
    await translateCategory(id);
    return reply.status(201).send(await getAdminCategory(db, id));
  });

  app.put('/admin/categories/:id', async (request) => {
    const { id } = parse(idParamsSchema, request.params, 'category id');
    const form = parseBody(categoryFormSchema, request.body);
    await updateCategory(db, id, form);
    changed();
    await translateCategory(id);
    return getAdminCategory(db, id);
  });

  app.delete('/admin/categories/:id', async (request) => {
    const { id } = parse(idParamsSchema, request.params, 'category id');
    const result = await deleteCategory(db, id);
    changed();
    return result;
  });
}
