import { z } from 'zod';
import { optionalText, requiredText } from './text-fields.js';
import { eventStatusSchema, EVENT_NAME_MAX, resultNomineeSchema } from './event.js';
import { EDITION_SLUG_PATTERN } from '../page-paths.js';

/**
 * Editions: each year's awards, with its own categories, window, prices, results and books. One is
 * current: the one the public addresses show. A finished one can be archived: read-only for votes
 * and nominations, its results, ledger and receipts still public.
 */

export const EDITION_SLUG_MAX = 40;

export const editionSlugSchema = z
  .string({ error: 'Edition must be a short name' })
  .regex(
    EDITION_SLUG_PATTERN,
    `Edition must be lower-case letters, digits and dashes, at most ${EDITION_SLUG_MAX}`,
  );

/** `?edition=2025` on the routes that serve one edition: the current one when left out. */
export const editionQuerySchema = z.object({ edition: editionSlugSchema.optional() });
export type EditionQuery = z.infer<typeof editionQuerySchema>;

export const editionSlugParamsSchema = z.object({ slug: editionSlugSchema });

/** GET /api/editions: what the public may know of each edition. */
export const editionSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  nameFr: z.string().nullable(),
  votingOpensAt: z.string().nullable(),
  votingClosesAt: z.string().nullable(),
  resultsPublishedAt: z.string().nullable(),
  status: eventStatusSchema,
  isCurrent: z.boolean(),
  archivedAt: z.string().nullable(),
});
export type EditionSummary = z.infer<typeof editionSummarySchema>;
export const editionListSchema = z.object({ editions: z.array(editionSummarySchema) });
export type EditionList = z.infer<typeof editionListSchema>;

/** A category's winner in an edition's published results: every nominee ranked first, ties included. */
export const editionWinnerSchema = resultNomineeSchema
  .pick({
    nominationId: true,
    artistName: true,
    photoUrl: true,
    nominationTitle: true,
    nominationTitleFr: true,
    voteCount: true,
  })
  .extend({
    categoryId: z.string(),
    categoryName: z.string(),
    categoryNameFr: z.string().nullable(),
  });
export type EditionWinner = z.infer<typeof editionWinnerSchema>;

/**
 * GET /api/editions/past: an edition other than the current one, with the time zone its dates are
 * read in and its winners by category, none until its results are published.
 */
export const pastEditionSchema = editionSummarySchema.extend({
  timezone: z.string(),
  winners: z.array(editionWinnerSchema),
});
export type PastEdition = z.infer<typeof pastEditionSchema>;
export const pastEditionListSchema = z.object({ editions: z.array(pastEditionSchema) });
export type PastEditionList = z.infer<typeof pastEditionListSchema>;

/**
 * POST /api/admin/editions: a new edition, empty or with another's categories (and, if asked, its
 * nominees), its window to be set in the Event tab. The copy takes the source's time zone,
 * visibility and prices; an empty one the defaults.
 */
export const createEditionSchema = z
  .object({
    slug: editionSlugSchema,
    name: requiredText(EVENT_NAME_MAX, 'Edition name'),
    nameFr: optionalText(EVENT_NAME_MAX, 'French edition name'),
    copyFrom: editionSlugSchema.nullable().default(null),
    copyNominees: z.boolean({ error: 'Copy nominees must be true or false' }).default(false),
    makeCurrent: z.boolean({ error: 'Make current must be true or false' }).default(false),
  })
  .strict()
  .refine((input) => input.copyFrom !== null || !input.copyNominees, {
    message: 'Nominees can only be copied with the categories of another edition',
    path: ['copyNominees'],
  });
export type CreateEdition = z.infer<typeof createEditionSchema>;
export type CreateEditionInput = z.input<typeof createEditionSchema>;

/** PUT /api/admin/editions/current: which edition the public addresses show. */
export const currentEditionSchema = z.object({ slug: editionSlugSchema }).strict();
