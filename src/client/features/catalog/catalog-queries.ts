import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Category,
  PublicArtist,
  PublicNomination,
  ShareLookup,
} from '../../../shared/schemas/catalog';

/*
 * Query keys follow the URL (the default query function joins them with '/'), so other screens
 * can invalidate by prefix, e.g. ['/api/categories'] after an admin edit.
 */
const part = (value: string) => encodeURIComponent(value);

export const categoriesQueryKey = ['/api/categories'] as const;
export const categoryQueryKey = (id: string) => ['/api/categories', part(id)] as const;
export const categoryNominationsQueryKey = (categoryId: string) =>
  ['/api/nominations/category', part(categoryId)] as const;
export const shareLookupQueryKey = (link: string) =>
  ['/api/nominations/share', part(link)] as const;
export const artistQueryKey = (id: string) => ['/api/artists', part(id)] as const;
export const artistNominationsQueryKey = (id: string) =>
  ['/api/artists', part(id), 'nominations'] as const;

export function useCategories() {
  return useQuery<Category[]>({ queryKey: categoriesQueryKey });
}

/**
 * `known` is a fresh copy from another answer (the share lookup) and is used as is. Otherwise the
 * card's data from the list shows at once while the category itself loads.
 */
export function useCategory(id: string, known?: Category) {
  const queryClient = useQueryClient();
  return useQuery<Category>({
    queryKey: categoryQueryKey(id),
    initialData: known && known.id === id ? known : undefined,
    placeholderData: () =>
      queryClient.getQueryData<Category[]>(categoriesQueryKey)?.find((c) => c.id === id),
  });
}

export function useCategoryNominations(categoryId: string, enabled = true) {
  return useQuery<PublicNomination[]>({
    queryKey: categoryNominationsQueryKey(categoryId),
    enabled,
  });
}

export function useShareLookup(link: string) {
  return useQuery<ShareLookup>({ queryKey: shareLookupQueryKey(link) });
}

/** `known` is the artist as a card already has it, shown while the full record loads. */
export function useArtist(id: string | null, known?: PublicArtist) {
  return useQuery<PublicArtist>({
    queryKey: artistQueryKey(id ?? ''),
    enabled: id !== null,
    placeholderData: known && known.id === id ? known : undefined,
  });
}

export function useArtistNominations(id: string | null) {
  return useQuery<PublicNomination[]>({
    queryKey: artistNominationsQueryKey(id ?? ''),
    enabled: id !== null,
  });
}
