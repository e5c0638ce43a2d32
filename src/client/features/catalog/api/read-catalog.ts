import type {
  ArtistCategoryRef,
  Category,
  PublicArtist,
  PublicNomination,
  ShareLookup,
} from '#shared/schemas/catalog';
import type { ResponseReader } from '#client/lib/api-client';
import {
  boolean,
  integer,
  list,
  nullableString,
  record,
  string,
  uuid,
} from '#client/lib/json-fields';
import { readCategory } from './read-categories';

/*
 * The catalogue's other answers, read by hand like GET /api/categories: a category page opened
 * from a shared link is a first screen too, and zod would be a fifth of its script
 * (docs/decisions/0042). Each reader is held to its shared schema by read-catalog.test.ts.
 */

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** A count or a flag left out of the object while hidden, as zod leaves out an absent key. */
function optional<K extends string, T>(
  key: K,
  value: unknown,
  path: string,
  read: (value: unknown, path: string) => T,
): Partial<Record<K, T>> {
  return value === undefined ? {} : ({ [key]: read(value, join(path, key)) } as Record<K, T>);
}

function readCategoryRef(value: unknown, path: string): ArtistCategoryRef {
  const ref = record(value, path);
  return {
    id: uuid(ref.id, join(path, 'id')),
    name: string(ref.name, join(path, 'name')),
    nameFr: nullableString(ref.nameFr, join(path, 'nameFr')),
    nominationId: uuid(ref.nominationId, join(path, 'nominationId')),
    nominationTitle: nullableString(ref.nominationTitle, join(path, 'nominationTitle')),
    nominationTitleFr: nullableString(ref.nominationTitleFr, join(path, 'nominationTitleFr')),
  };
}

export function readPublicArtist(value: unknown, path = ''): PublicArtist {
  const artist = record(value, path);
  return {
    id: uuid(artist.id, join(path, 'id')),
    name: string(artist.name, join(path, 'name')),
    nameFr: nullableString(artist.nameFr, join(path, 'nameFr')),
    bio: nullableString(artist.bio, join(path, 'bio')),
    bioFr: nullableString(artist.bioFr, join(path, 'bioFr')),
    photoUrl: nullableString(artist.photoUrl, join(path, 'photoUrl')),
    isFeatured: boolean(artist.isFeatured, join(path, 'isFeatured')),
    ...optional('isTrending', artist.isTrending, path, boolean),
    ...optional('totalVotes', artist.totalVotes, path, integer),
    ...optional('trendingVotes', artist.trendingVotes, path, integer),
    categoryCount: integer(artist.categoryCount, join(path, 'categoryCount')),
    categories: list(artist.categories, join(path, 'categories')).map((ref, index) =>
      readCategoryRef(ref, `${join(path, 'categories')}[${index}]`),
    ),
  };
}

export function readPublicNomination(value: unknown, path = ''): PublicNomination {
  const nomination = record(value, path);
  const at = (key: string) => join(path, key);
  return {
    id: uuid(nomination.id, at('id')),
    categoryId: uuid(nomination.categoryId, at('categoryId')),
    artist: readPublicArtist(nomination.artist, at('artist')),
    category: readCategory(nomination.category, at('category')),
    nominationTitle: nullableString(nomination.nominationTitle, at('nominationTitle')),
    nominationTitleFr: nullableString(nomination.nominationTitleFr, at('nominationTitleFr')),
    nominationDescription: nullableString(
      nomination.nominationDescription,
      at('nominationDescription'),
    ),
    nominationDescriptionFr: nullableString(
      nomination.nominationDescriptionFr,
      at('nominationDescriptionFr'),
    ),
    nominationPhotoUrl: nullableString(nomination.nominationPhotoUrl, at('nominationPhotoUrl')),
    ...optional('voteCount', nomination.voteCount, path, integer),
    shareableLink: string(nomination.shareableLink, at('shareableLink')),
  };
}

export const categoryReader: ResponseReader<Category> = { parse: (data) => readCategory(data) };

export const publicArtistReader: ResponseReader<PublicArtist> = {
  parse: (data) => readPublicArtist(data),
};

export const nominationListReader: ResponseReader<PublicNomination[]> = {
  parse: (data) => list(data, '').map((item, index) => readPublicNomination(item, `[${index}]`)),
};

export const shareLookupReader: ResponseReader<ShareLookup> = {
  parse: (data) => {
    const lookup = record(data, '');
    return {
      categoryId: uuid(lookup.categoryId, 'categoryId'),
      nominationId: uuid(lookup.nominationId, 'nominationId'),
      category: readCategory(lookup.category, 'category'),
      artist: readPublicArtist(lookup.artist, 'artist'),
    };
  },
};
