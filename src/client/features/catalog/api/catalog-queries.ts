import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, PublicArtist } from '#shared/schemas/catalog';
import { getJson } from '#client/lib/api-client';
import { editionKey, useEditionScope, withEdition } from '#client/lib/edition-scope';
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

/*
 * Each answer is the current edition's, or with `edition` that edition's (`?edition=`): the screens
 * under /e/{slug}/ take it from the route (useEditionScope).
 */
export const categoryQuery = (id: string, edition?: string) =>
  queryOptions({
    queryKey: editionKey(['/api/categories', part(id)], edition),
    queryFn: ({ signal }) =>
      getJson(withEdition(categoryPath(id), edition), categoryReader, { signal }),
  });

export const categoryNominationsQuery = (categoryId: string, edition?: string) =>
  queryOptions({
    queryKey: editionKey(['/api/nominations/category', part(categoryId)], edition),
    queryFn: ({ signal }) =>
      getJson(withEdition(categoryNominationsPath(categoryId), edition), nominationListReader, {
        signal,
      }),
  });

export const shareLookupQuery = (link: string, edition?: string) =>
  queryOptions({
    queryKey: editionKey(['/api/nominations/share', part(link)], edition),
    queryFn: ({ signal }) =>
      getJson(withEdition(shareLookupPath(link), edition), shareLookupReader, { signal }),
  });

export const artistQuery = (id: string, edition?: string) =>
  queryOptions({
    queryKey: editionKey(['/api/artists', part(id)], edition),
    queryFn: ({ signal }) =>
      getJson(withEdition(artistPath(id), edition), publicArtistReader, { signal }),
  });

export const artistNominationsQuery = (id: string, edition?: string) =>
  queryOptions({
    queryKey: editionKey(['/api/artists', part(id), 'nominations'], edition),
    queryFn: ({ signal }) =>
      getJson(withEdition(artistNominationsPath(id), edition), nominationListReader, { signal }),
  });

/**
 * `known` is a fresh copy from another answer (the share lookup) and is used as is. Otherwise the
 * card's data from the list shows at once while the category itself loads.
 */
export function useCategory(id: string, known?: Category) {
  const queryClient = useQueryClient();
  const edition = useEditionScope();
  return useQuery({
    ...categoryQuery(id, edition),
    initialData: known && known.id === id ? known : undefined,
    placeholderData: () =>
      queryClient.getQueryData(categoriesQuery(edition).queryKey)?.find((c) => c.id === id),
  });
}

export function useCategoryNominations(categoryId: string, enabled = true) {
  return useQuery({ ...categoryNominationsQuery(categoryId, useEditionScope()), enabled });
}

export function useShareLookup(link: string) {
  return useQuery(shareLookupQuery(link, useEditionScope()));
}

/** `known` is the artist as a card already has it, shown while the full record loads. */
export function useArtist(id: string | null, known?: PublicArtist) {
  return useQuery({
    ...artistQuery(id ?? '', useEditionScope()),
    enabled: id !== null,
    placeholderData: known && known.id === id ? known : undefined,
  });
}

export function useArtistNominations(id: string | null) {
  return useQuery({
    ...artistNominationsQuery(id ?? '', useEditionScope()),
    enabled: id !== null,
  });
}
