import { publicArtistSchema, type PublicArtist } from './schemas/catalog.js';

/**
 * What checkout needs of the artist carried in `?artist=` (lib/checkout-href.ts). Only the
 * identity and the nominations are required: a link built elsewhere with fewer fields still works.
 */
const checkoutArtistSchema = publicArtistSchema.pick({ id: true, name: true }).extend({
  ...publicArtistSchema.pick({ nameFr: true, bio: true, bioFr: true, photoUrl: true }).partial()
    .shape,
  categories: publicArtistSchema.shape.categories.default([]),
});

export type CheckoutArtist = Pick<PublicArtist, 'id' | 'name' | 'categories'> &
  Partial<Pick<PublicArtist, 'nameFr' | 'bio' | 'bioFr' | 'photoUrl'>>;

export type ArtistParam =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'noCategories'; artist: CheckoutArtist }
  | { kind: 'ok'; artist: CheckoutArtist };

/** Reads the artist from the page's query string. */
export function parseArtistParam(search: string): ArtistParam {
  const raw = new URLSearchParams(search).get('artist');
  if (raw === null || raw.trim() === '') return { kind: 'missing' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { kind: 'invalid' };
  }
  const parsed = checkoutArtistSchema.safeParse(json);
  if (!parsed.success) return { kind: 'invalid' };
  const artist: CheckoutArtist = parsed.data;
  return artist.categories.length === 0 ? { kind: 'noCategories', artist } : { kind: 'ok', artist };
}
