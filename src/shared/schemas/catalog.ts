import { z } from 'zod';

/**
 * Vote counts and the figures derived from them are absent from every public answer while the
 * event hides them (GET /api/event `countsVisible`); admin answers always carry them.
 */
const hiddenWhenCountsAre = <T extends z.ZodType>(schema: T) => schema.optional();

/** Category as listed publicly and in the admin. */
export const categorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameFr: z.string().nullable(),
  description: z.string().nullable(),
  descriptionFr: z.string().nullable(),
  icon: z.string().nullable(),
  backgroundImageUrl: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  artistCount: z.number().int(),
  voteCount: hiddenWhenCountsAre(z.number().int()),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Category = z.infer<typeof categorySchema>;

export const artistCategoryRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameFr: z.string().nullable(),
  nominationId: z.uuid(),
  nominationTitle: z.string().nullable(),
  nominationTitleFr: z.string().nullable(),
});
export type ArtistCategoryRef = z.infer<typeof artistCategoryRefSchema>;

/**
 * Artist (admin list). `isTrending`: the artist leads at least one of its categories in
 * votes over the last 24 hours (see docs/decisions/0003-trending.md).
 */
export const artistSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  bio: z.string().nullable(),
  bioFr: z.string().nullable(),
  photoUrl: z.string().nullable(),
  isFeatured: z.boolean(),
  isTrending: hiddenWhenCountsAre(z.boolean()),
  totalVotes: hiddenWhenCountsAre(z.number().int()),
  trendingVotes: hiddenWhenCountsAre(z.number().int()),
  categoryCount: z.number().int(),
  categories: z.array(artistCategoryRefSchema),
});
export type Artist = z.infer<typeof artistSchema>;

/** Artist (public) = the admin shape plus nameFr. */
export const publicArtistSchema = artistSchema.extend({ nameFr: z.string().nullable() });
export type PublicArtist = z.infer<typeof publicArtistSchema>;

/** Nomination (public), plus its stable share link. */
export const publicNominationSchema = z.object({
  id: z.uuid(),
  categoryId: z.uuid(),
  artist: publicArtistSchema,
  category: categorySchema,
  nominationTitle: z.string().nullable(),
  nominationTitleFr: z.string().nullable(),
  nominationDescription: z.string().nullable(),
  nominationDescriptionFr: z.string().nullable(),
  nominationPhotoUrl: z.string().nullable(),
  voteCount: hiddenWhenCountsAre(z.number().int()),
  shareableLink: z.string(),
});
export type PublicNomination = z.infer<typeof publicNominationSchema>;

export const categoryListSchema = z.array(categorySchema);
export const publicNominationListSchema = z.array(publicNominationSchema);

/** Share lookup result, plus the nomination id so the page can highlight it. */
export const shareLookupSchema = z.object({
  categoryId: z.uuid(),
  nominationId: z.uuid(),
  category: categorySchema,
  artist: publicArtistSchema,
});
export type ShareLookup = z.infer<typeof shareLookupSchema>;
