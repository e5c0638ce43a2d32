import type {
  Category,
  PublicArtist,
  PublicNomination,
  ShareLookup,
} from '#shared/schemas/catalog';
import type { ReaderLoader } from '#client/lib/api-client';

/*
 * The catalogue's answers, checked by their shared schemas. The schemas (and zod) load when the
 * page first asks the API itself: the first screen's answers come with the page (entry-server.tsx).
 */
const schemas = () => import('#shared/schemas/catalog');

export const categoryListReader: ReaderLoader<Category[]> = () =>
  schemas().then((m) => m.categoryListSchema);
export const categoryReader: ReaderLoader<Category> = () => schemas().then((m) => m.categorySchema);
export const nominationListReader: ReaderLoader<PublicNomination[]> = () =>
  schemas().then((m) => m.publicNominationListSchema);
export const shareLookupReader: ReaderLoader<ShareLookup> = () =>
  schemas().then((m) => m.shareLookupSchema);
export const publicArtistReader: ReaderLoader<PublicArtist> = () =>
  schemas().then((m) => m.publicArtistSchema);
