import { useLocation, useSearch } from 'wouter';

/**
 * The address of this admin screen on another edition: the same path and tab, `?edition=` set, or
 * left out for the current edition (so the screen then follows whichever edition is current).
 */
export function useEditionHref(): (slug: string | undefined) => string {
  const [path] = useLocation();
  const search = useSearch();
  return (slug) => {
    const params = new URLSearchParams(search);
    if (slug === undefined) params.delete('edition');
    else params.set('edition', slug);
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
}
