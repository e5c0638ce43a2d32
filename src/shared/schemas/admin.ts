import { z } from 'zod';
import { CATEGORY_DEFAULTS, FIELD_LIMITS } from '#shared/limits.js';
import { artistSchema, categorySchema } from './catalog.js';
import { optionalText, requiredText } from './text-fields.js';

/** Free text (bios, descriptions) is capped so one form cannot fill the database. */
export const LONG_TEXT_MAX = 5000;
export const URL_MAX = 2048;
export const NOMINATIONS_MAX = 50;

export const NOMINATION_REQUIRED_MESSAGE = 'Please add at least one category nomination';
export const DUPLICATE_CATEGORY_MESSAGE = 'This category has already been added';

const multiline = { multiline: true };

/** An absolute http(s) address or a path on this site (the demo's own images are /demo/...). */
export function isImageAddress(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function optionalImageUrl(label: string) {
  return optionalText(URL_MAX, label).refine(
    (value) => value === null || isImageAddress(value),
    `${label} must be a web address (https://...) or a path on this site (/...)`,
  );
}

/** Values end up in a style attribute and a class list, so only harmless characters pass. */
const COLOR = /^[#a-zA-Z0-9(),.%\s-]+$/;
const ICON = /^[a-zA-Z0-9 _-]+$/;

/** Category dialog: create and edit send the same fields. */
export const categoryFormSchema = z.object({
  name: requiredText(FIELD_LIMITS.categoryName, 'Name'),
  nameFr: optionalText(FIELD_LIMITS.categoryName, 'French name'),
  description: optionalText(LONG_TEXT_MAX, 'Description', multiline),
  descriptionFr: optionalText(LONG_TEXT_MAX, 'French description', multiline),
  icon: optionalText(FIELD_LIMITS.categoryIcon, 'Icon')
    .refine((v) => v === null || ICON.test(v), 'Icon must be an icon class name')
    .transform((v) => v ?? CATEGORY_DEFAULTS.icon),
  backgroundImageUrl: optionalImageUrl('Background image'),
  backgroundColor: optionalText(FIELD_LIMITS.categoryBackgroundColor, 'Background colour')
    .refine(
      (v) => v === null || COLOR.test(v),
      'Background colour must be a colour such as #3B82F6',
    )
    .transform((v) => v ?? CATEGORY_DEFAULTS.backgroundColor),
});
export type CategoryFormInput = z.input<typeof categoryFormSchema>;
export type CategoryForm = z.output<typeof categoryFormSchema>;

/** One category nomination in the artist editor; blank fields fall back to the artist's own. */
export const nominationFormSchema = z.object({
  categoryId: z.uuid({ message: 'Please choose a category' }),
  nominationTitle: optionalText(FIELD_LIMITS.nominationTitle, 'Nomination title'),
  nominationTitleFr: optionalText(FIELD_LIMITS.nominationTitle, 'French nomination title'),
  nominationPhotoUrl: optionalImageUrl('Nomination photo'),
  nominationDescription: optionalText(LONG_TEXT_MAX, 'Nomination description', multiline),
  nominationDescriptionFr: optionalText(LONG_TEXT_MAX, 'French nomination description', multiline),
});
export type NominationFormInput = z.input<typeof nominationFormSchema>;
export type NominationForm = z.output<typeof nominationFormSchema>;

/** Artist editor: POST creates, PUT replaces the artist and its set of nominations. */
export const artistFormSchema = z.object({
  name: requiredText(FIELD_LIMITS.artistName, 'Name'),
  bio: optionalText(LONG_TEXT_MAX, 'Bio', multiline),
  bioFr: optionalText(LONG_TEXT_MAX, 'French bio', multiline),
  photoUrl: optionalImageUrl('Photo'),
  isFeatured: z.boolean({ message: 'Featured must be true or false' }).default(false),
  nominations: z
    .array(nominationFormSchema, { message: NOMINATION_REQUIRED_MESSAGE })
    .min(1, NOMINATION_REQUIRED_MESSAGE)
    .max(NOMINATIONS_MAX, `An artist can have at most ${NOMINATIONS_MAX} nominations`)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((nomination, index) => {
        if (seen.has(nomination.categoryId)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'categoryId'],
            message: DUPLICATE_CATEGORY_MESSAGE,
          });
        }
        seen.add(nomination.categoryId);
      });
    }),
});
export type ArtistFormInput = z.input<typeof artistFormSchema>;
export type ArtistForm = z.output<typeof artistFormSchema>;

/** French fields that machine translation may fill (artist names are proper names: never). */
export const FRENCH_FIELDS = [
  'nameFr',
  'descriptionFr',
  'bioFr',
  'nominationTitleFr',
  'nominationDescriptionFr',
] as const;
export const frenchFieldSchema = z.enum(FRENCH_FIELDS);
export type FrenchField = z.infer<typeof frenchFieldSchema>;

const frenchStatus = {
  /** French fields that are empty while their English is not: the site shows English there. */
  missingFrench: z.array(frenchFieldSchema),
  /** French fields last written by machine translation rather than by an admin. */
  machineTranslated: z.array(frenchFieldSchema),
};

/** GET /api/admin/categories item and the answer of POST/PUT /api/admin/categories. */
export const adminCategorySchema = categorySchema.extend({
  voteCount: z.number().int(),
  ...frenchStatus,
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** GET /api/admin/artists item: the artist as the admin lists it, plus the French status of all its texts. */
export const adminArtistSchema = artistSchema.extend({
  isTrending: z.boolean(),
  totalVotes: z.number().int(),
  trendingVotes: z.number().int(),
  missingFrench: z.array(frenchFieldSchema),
});
export type AdminArtist = z.infer<typeof adminArtistSchema>;

export const adminNominationSchema = z.object({
  id: z.uuid(),
  categoryId: z.uuid(),
  categoryName: z.string(),
  shareableLink: z.string(),
  nominationTitle: z.string().nullable(),
  nominationTitleFr: z.string().nullable(),
  nominationPhotoUrl: z.string().nullable(),
  nominationDescription: z.string().nullable(),
  nominationDescriptionFr: z.string().nullable(),
  voteCount: z.number().int(),
  ...frenchStatus,
});
export type AdminNomination = z.infer<typeof adminNominationSchema>;

/** GET /api/admin/artists/{id} and the answer of POST/PUT: what the artist editor loads. */
export const adminArtistDetailSchema = artistSchema
  .pick({ id: true, name: true, bio: true, bioFr: true, photoUrl: true, isFeatured: true })
  .extend({
    // The editor's own count, never hidden: organisers see the votes whatever the public sees.
    totalVotes: z.number().int(),
    nominations: z.array(adminNominationSchema),
    ...frenchStatus,
  });
export type AdminArtistDetail = z.infer<typeof adminArtistDetailSchema>;

/**
 * DELETE answer. `hidden`: it had paid votes, so it left the site and the admin lists but its
 * votes and revenue stay in every total; `deleted`: it had none and is gone.
 */
export const deleteResultSchema = z.object({
  id: z.uuid(),
  outcome: z.enum(['deleted', 'hidden']),
});
export type DeleteResult = z.infer<typeof deleteResultSchema>;

/**
 * DELETE /api/admin/artists/{id}: always `hidden` (docs/decisions/0033), with the nominations the
 * delete took off the site, which is what Undo gives back.
 */
export const artistDeleteResultSchema = deleteResultSchema.extend({
  nominationIds: z.array(z.uuid()),
});
export type ArtistDeleteResult = z.infer<typeof artistDeleteResultSchema>;

/** POST /api/admin/artists/{id}/restore: Undo of a delete, with that delete's nominations. */
export const restoreArtistSchema = z.object({
  nominationIds: z.array(z.uuid()).max(500),
});
