import { queryOptions, useQuery } from '@tanstack/react-query';
import { editionListSchema, type EditionSummary } from '#shared/schemas/edition';
import { getJson } from '#client/lib/api-client';
import { useAdminEdition } from './admin-edition';

/** GET /api/editions: every edition, newest first, with its status and which one is current. */
export const editionsQuery = () =>
  queryOptions({
    queryKey: ['/api/editions'],
    queryFn: ({ signal }) => getJson('/api/editions', editionListSchema, { signal }),
    select: (answer) => answer.editions,
  });

export function useEditions() {
  return useQuery(editionsQuery());
}

/** The edition the admin works on: the one named in the address, else the current one. */
export function useSelectedEdition(): EditionSummary | undefined {
  const slug = useAdminEdition();
  const { data } = useEditions();
  return data?.find((edition) => (slug === undefined ? edition.isCurrent : edition.slug === slug));
}

/** An edition's name in the interface language (the English one when it has no French name). */
export const editionName = (edition: EditionSummary, language: string) =>
  language === 'fr' && edition.nameFr ? edition.nameFr : edition.name;
