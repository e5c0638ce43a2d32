import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, PublicArtist } from '#shared/schemas/catalog';
import { getJson } from '#client/lib/api-client';
import { categoriesQuery } from './categories-query';
import {
  artistNominationsPath,
  artistPath,
  categoryNominationsPath,
  categoryPath,
  pathPart as part,
  shareLookupPath,
} from './catalog-paths';
import {
  categoryReader,
  nominationListReader,
  publicArtistReader,
  shareLookupReader,
} from './catalog-readers';

export const categoryQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/categories', part(id)],
    queryFn: ({ signal }) => getJson(categoryPath(id), categoryReader, { signal }),
  });

export const categoryNominationsQuery = (categoryId: string) =>
  queryOptions({
    queryKey: ['/api/nominations/category', part(categoryId)],
    queryFn: ({ signal }) =>
      getJson(categoryNominationsPath(categoryId), nominationListReader, { signal }),
  });

export const shareLookupQuery = (link: string) =>
  queryOptions({
    queryKey: ['/api/nominations/share', part(link)],
    queryFn: ({ signal }) => getJson(shareLookupPath(link), shareLookupReader, { signal }),
  });

export const artistQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/artists', part(id)],
    queryFn: ({ signal }) => getJson(artistPath(id), publicArtistReader, { signal }),
  });

export const artistNominationsQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/artists', part(id), 'nominations'],
    queryFn: ({ signal }) => getJson(artistNominationsPath(id), nominationListReader, { signal }),
  });

/**
 * `known` is a fresh copy from another answer (the share lookup) and is used as is. Otherwise the
 * card's data from the list shows at once while the category itself loads.
 */
export function useCategory(id: string, known?: Category) {
  const queryClient = useQueryClient();
  return useQuery({
    ...categoryQuery(id),
    initialData: known && known.id === id ? known : undefined,
    placeholderData: () =>
      queryClient.getQueryData(categoriesQuery().queryKey)?.find((c) => c.id === id),
  });
}

export function useCategoryNominations(categoryId: string, enabled = true) {
  return useQuery({ ...categoryNominationsQuery(categoryId), enabled });
}

export function useShareLookup(link: string) {
  return useQuery(shareLookupQuery(link));
}

/** `known` is the artist as a card already has it, shown while the full record loads. */
export function useArtist(id: string | null, known?: PublicArtist) {
  return useQuery({
    ...artistQuery(id ?? ''),
    enabled: id !== null,
    placeholderData: known && known.id === id ? known : undefined,
  });
}

export function useArtistNominations(id: string | null) {
  return useQuery({ ...artistNominationsQuery(id ?? ''), enabled: id !== null });
}
