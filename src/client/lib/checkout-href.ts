import type { PublicArtist } from '#shared/schemas/catalog';

/**
 * The checkout page takes the whole artist, categories included, as URL-encoded JSON in the
 * `artist` query parameter, so it can render without another request.
 */
export function checkoutHref(artist: PublicArtist): string {
  return `/checkout?artist=${encodeURIComponent(JSON.stringify(artist))}`;
}
