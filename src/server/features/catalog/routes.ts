import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import type { VoterInputTexts } from '#server/http/voter-input.js';
import type { VoterText } from '#server/http/voter-text.js';
import {
  artistIdParamsSchema,
  categoryIdParamsSchema,
  idParamsSchema,
  shareLinkParamsSchema,
} from '#shared/schemas/ids.js';
import {
  categoryListSchema,
  categorySchema,
  publicArtistSchema,
  publicNominationListSchema,
  shareLookupSchema,
  type ShareLookup,
} from '#shared/schemas/catalog.js';
import { editionQuerySchema } from '#shared/schemas/edition.js';
import { editionCatalog, type EditionCatalog } from './edition-catalog.js';
import {
  artistWithoutCounts,
  categoryWithoutCounts,
  nominationWithoutCounts,
  shareLookupWithoutCounts,
} from './without-counts.js';
import { preEncodedRoute, sendEncoded, type EncodedBody } from '#server/http/encoded-body.js';
import { markStale } from '#server/http/stale-answer.js';

/** What a visitor reads when a catalogue link is wrong (ADR 0030). */
const LINK_INPUT: VoterInputTexts = {
  fields: {},
  otherwise: {
    en: 'This link is not valid. Go back to the categories and try again.',
    fr: "Ce lien n'est pas valide. Revenez aux catégories et réessayez.",
  },
};
const CATEGORY_NOT_FOUND: VoterText = {
  en: 'This category was not found. It may have been removed.',
  fr: 'Cette catégorie est introuvable. Elle a peut-être été retirée.',
};
const ARTIST_NOT_FOUND: VoterText = {
  en: 'This artist was not found. They may have been removed.',
  fr: 'Cet artiste est introuvable. Il a peut-être été retiré.',
};
const NOMINATION_NOT_FOUND: VoterText = {
  en: 'This nomination was not found. It may have been removed.',
  fr: 'Cette nomination est introuvable. Elle a peut-être été retirée.',
};

/**
 * The answers are bytes encoded once per snapshot (sendEncoded), which Fastify sends as they are:
 * the schemas below document them without costing a serialization.
 */
const linkRoute = <P extends z.ZodType, R extends z.ZodType>(
  operation: { operationId: string; summary: string },
  params: P,
  answer: R,
) => ({
  ...preEncodedRoute,
  config: { input: { voter: LINK_INPUT } },
  schema: {
    ...operation,
    tags: ['catalogue'],
    params,
    querystring: editionQuerySchema,
    response: { 200: answer, ...errorResponses(400, 404) },
  },
});

/**
 * Public, read-only catalogue: categories, nominees, artists and share links, of the current
 * edition or of the one named by `?edition=<slug>`.
 */
export default async function catalogRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const cache = app.ctx.catalog;
  const sendJson = (reply: FastifyReply, body: EncodedBody) =>
    sendEncoded(
      markStale(
        reply.header('cache-control', 'no-cache'),
        cache.staleSince ?? app.ctx.event.staleSince,
      ),
      body,
    );
  /**
   * One answer as the event allows it now: with its counts, or without them while they are hidden.
   * Each form is encoded once per snapshot under its own key.
   */
  const answer = <T>(
    reply: FastifyReply,
    { snapshot, countsVisible }: EditionCatalog,
    key: string,
    value: T,
    withoutCounts: (value: T) => T,
  ) =>
    sendJson(
      reply,
      countsVisible
        ? snapshot.json(key, () => value)
        : snapshot.json(`${key}:without-counts`, () => withoutCounts(value)),
    );
  const catalogOf = (edition: string | undefined) => editionCatalog(app.ctx, edition);
  const each =
    <T>(withoutCounts: (item: T) => T) =>
    (items: T[]) =>
      items.map(withoutCounts);

  app.get(
    '/categories',
    {
      ...preEncodedRoute,
      schema: {
        operationId: 'listCategories',
        summary: 'List the award categories',
        tags: ['catalogue'],
        querystring: editionQuerySchema,
        response: { 200: categoryListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const catalog = await catalogOf(request.query.edition);
      return answer(
        reply,
        catalog,
        'categories',
        catalog.snapshot.categories,
        each(categoryWithoutCounts),
      );
    },
  );

  app.get(
    '/categories/:id',
    linkRoute(
      { operationId: 'getCategory', summary: 'Get one award category' },
      idParamsSchema,
      categorySchema,
    ),
    async (request, reply) => {
      const { id } = request.params;
      const catalog = await catalogOf(request.query.edition);
      const category = catalog.snapshot.categoryById.get(id);
      if (!category) throw notFound(CATEGORY_NOT_FOUND);
      return answer(reply, catalog, `category:${id}`, category, categoryWithoutCounts);
    },
  );

  app.get(
    '/nominations/category/:categoryId',
    linkRoute(
      { operationId: 'listNominationsByCategory', summary: "List a category's nominations" },
      categoryIdParamsSchema,
      publicNominationListSchema,
    ),
    async (request, reply) => {
      const { categoryId } = request.params;
      const catalog = await catalogOf(request.query.edition);
      if (!catalog.snapshot.categoryById.has(categoryId)) throw notFound(CATEGORY_NOT_FOUND);
      return answer(
        reply,
        catalog,
        `nominations:category:${categoryId}`,
        catalog.snapshot.nominationsByCategory.get(categoryId) ?? [],
        each(nominationWithoutCounts),
      );
    },
  );

  const artistNominations = async (
    artistId: string,
    edition: string | undefined,
    reply: FastifyReply,
  ) => {
    const catalog = await catalogOf(edition);
    if (!catalog.snapshot.artistById.has(artistId)) throw notFound(ARTIST_NOT_FOUND);
    return answer(
      reply,
      catalog,
      `nominations:artist:${artistId}`,
      catalog.snapshot.nominationsByArtist.get(artistId) ?? [],
      each(nominationWithoutCounts),
    );
  };

  app.get(
    '/nominations/artist/:artistId',
    linkRoute(
      {
        operationId: 'listNominationsByArtist',
        summary: "List an artist's nominations (as listArtistNominations answers)",
      },
      artistIdParamsSchema,
      publicNominationListSchema,
    ),
    async (request, reply) => {
      const { artistId } = request.params;
      return artistNominations(artistId, request.query.edition, reply);
    },
  );

  app.get(
    '/artists/:id/nominations',
    linkRoute(
      { operationId: 'listArtistNominations', summary: "List an artist's nominations" },
      idParamsSchema,
      publicNominationListSchema,
    ),
    async (request, reply) => {
      const { id } = request.params;
      return artistNominations(id, request.query.edition, reply);
    },
  );

  app.get(
    '/artists/:id',
    linkRoute(
      { operationId: 'getArtist', summary: "Get an artist's public profile" },
      idParamsSchema,
      publicArtistSchema,
    ),
    async (request, reply) => {
      const { id } = request.params;
      const catalog = await catalogOf(request.query.edition);
      const artist = catalog.snapshot.artistById.get(id);
      if (!artist) throw notFound(ARTIST_NOT_FOUND);
      return answer(reply, catalog, `artist:${id}`, artist, artistWithoutCounts);
    },
  );

  app.get(
    '/nominations/share/:link',
    linkRoute(
      {
        operationId: 'getSharedNomination',
        summary: 'Find the nomination a share link points to',
      },
      shareLinkParamsSchema,
      shareLookupSchema,
    ),
    async (request, reply) => {
      const { link } = request.params;
      const catalog = await catalogOf(request.query.edition);
      const nomination = catalog.snapshot.nominationByLink.get(link);
      if (!nomination) throw notFound(NOMINATION_NOT_FOUND);
      const lookup: ShareLookup = {
        categoryId: nomination.categoryId,
        nominationId: nomination.id,
        category: nomination.category,
        artist: nomination.artist,
      };
      return answer(reply, catalog, `share:${link}`, lookup, shareLookupWithoutCounts);
    },
  );
}
