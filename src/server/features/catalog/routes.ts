import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../http/http-error.js';
import { parse } from '../../http/parse.js';
import {
  artistIdParamsSchema,
  categoryIdParamsSchema,
  idParamsSchema,
  shareLinkParamsSchema,
} from '../../../shared/schemas/ids.js';
import { catalogCache } from './catalog-cache.js';
import { preEncodedRoute, sendEncoded, type EncodedBody } from '../../http/encoded-body.js';

/** Public, read-only catalogue: categories, nominees, artists and share links (SPEC 7). */
export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const cache = catalogCache(app.ctx);
  const sendJson = (reply: FastifyReply, body: EncodedBody) =>
    sendEncoded(reply.header('cache-control', 'no-cache'), body);

  app.get('/categories', preEncodedRoute, async (_request, reply) => {
    const snapshot = await cache.get();
    return sendJson(
      reply,
      snapshot.json('categories', () => snapshot.categories),
    );
  });

  app.get('/categories/:id', preEncodedRoute, async (request, reply) => {
    const { id } = parse(idParamsSchema, request.params, 'category id');
    const snapshot = await cache.get();
    const category = snapshot.categoryById.get(id);
    if (!category) throw notFound('Category not found');
    return sendJson(
      reply,
      snapshot.json(`category:${id}`, () => category),
    );
  });

  app.get('/nominations/category/:categoryId', preEncodedRoute, async (request, reply) => {
    const { categoryId } = parse(categoryIdParamsSchema, request.params, 'category id');
    const snapshot = await cache.get();
    if (!snapshot.categoryById.has(categoryId)) throw notFound('Category not found');
    return sendJson(
      reply,
      snapshot.json(
        `nominations:category:${categoryId}`,
        () => snapshot.nominationsByCategory.get(categoryId) ?? [],
      ),
    );
  });

  const artistNominations = async (artistId: string, reply: FastifyReply) => {
    const snapshot = await cache.get();
    if (!snapshot.artistById.has(artistId)) throw notFound('Artist not found');
    return sendJson(
      reply,
      snapshot.json(
        `nominations:artist:${artistId}`,
        () => snapshot.nominationsByArtist.get(artistId) ?? [],
      ),
    );
  };

  app.get('/nominations/artist/:artistId', preEncodedRoute, async (request, reply) => {
    const { artistId } = parse(artistIdParamsSchema, request.params, 'artist id');
    return artistNominations(artistId, reply);
  });

  app.get('/artists/:id/nominations', preEncodedRoute, async (request, reply) => {
    const { id } = parse(idParamsSchema, request.params, 'artist id');
    return artistNominations(id, reply);
  });

  app.get('/artists/:id', preEncodedRoute, async (request, reply) => {
    const { id } = parse(idParamsSchema, request.params, 'artist id');
    const snapshot = await cache.get();
    const artist = snapshot.artistById.get(id);
    if (!artist) throw notFound('Artist not found');
    return sendJson(
      reply,
      snapshot.json(`artist:${id}`, () => artist),
    );
  });

  app.get('/nominations/share/:link', preEncodedRoute, async (request, reply) => {
    const { link } = parse(shareLinkParamsSchema, request.params, 'share link');
    const snapshot = await cache.get();
    const nomination = snapshot.nominationByLink.get(link);
    if (!nomination) throw notFound('Nomination not found');
    return sendJson(
      reply,
      snapshot.json(`share:${link}`, () => ({
        categoryId: nomination.categoryId,
        nominationId: nomination.id,
        category: nomination.category,
        artist: nomination.artist,
      })),
    );
  });
}
