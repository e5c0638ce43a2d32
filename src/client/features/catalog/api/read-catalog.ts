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
  fieldPath,
  integer,
  list,
  nullableString,
  optionalField,
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

function readCategoryRef(value: unknown, path: string): ArtistCategoryRef {
  const ref = record(value, path);
  return {
    id: uuid(ref.id, fieldPath(path, 'id')),
    name: string(ref.name, fieldPath(path, 'name')),
    nameFr: nullableString(ref.nameFr, fieldPath(path, 'nameFr')),
    nominationId: uuid(ref.nominationId, fieldPath(path, 'nominationId')),
    nominationTitle: nullableString(ref.nominationTitle, fieldPath(path, 'nominationTitle')),
    nominationTitleFr: nullableString(ref.nominationTitleFr, fieldPath(path, 'nominationTitleFr')),
  };
}

export function readPublicArtist(value: unknown, path = ''): PublicArtist {
  const artist = record(value, path);
  return {
    id: uuid(artist.id, fieldPath(path, 'id')),
    name: string(artist.name, fieldPath(path, 'name')),
    nameFr: nullableString(artist.nameFr, fieldPath(path, 'nameFr')),
    bio: nullableString(artist.bio, fieldPath(path, 'bio')),
    bioFr: nullableString(artist.bioFr, fieldPath(path, 'bioFr')),
    photoUrl: nullableString(artist.photoUrl, fieldPath(path, 'photoUrl')),
    isFeatured: boolean(artist.isFeatured, fieldPath(path, 'isFeatured')),
    ...optionalField('isTrending', artist.isTrending, path, boolean),
    ...optionalField('totalVotes', artist.totalVotes, path, integer),
    ...optionalField('trendingVotes', artist.trendingVotes, path, integer),
    categoryCount: integer(artist.categoryCount, fieldPath(path, 'categoryCount')),
    categories: list(artist.categories, fieldPath(path, 'categories')).map((ref, index) =>
      readCategoryRef(ref, `${fieldPath(path, 'categories')}[${index}]`),
    ),
  };
}

export function readPublicNomination(value: unknown, path = ''): PublicNomination {
  const nomination = record(value, path);
  const at = (key: string) => fieldPath(path, key);
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
    ...optionalField('voteCount', nomination.voteCount, path, integer),
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
