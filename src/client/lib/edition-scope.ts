import { createContext, useContext } from 'react';

/**
 * The edition a public screen shows: its short name under `/e/{slug}/...`, undefined at the plain
 * addresses, which show the current edition. Set by the route table (routes.tsx).
 */
export const EditionScopeContext = createContext<string | undefined>(undefined);

/** The edition the public screen shows, undefined for the current one. */
export const useEditionScope = () => useContext(EditionScopeContext);

/** `url` asking for `edition` (left as it is for the current edition). */
export function withEdition(url: string, edition: string | undefined): string {
  if (edition === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}edition=${encodeURIComponent(edition)}`;
}

const EDITION_KEY_PREFIX = 'edition=';

/**
 * The cache key of an answer for `edition`: the current edition's key with `edition=<slug>` after
 * it, so another edition's answers never take the place of the current one's.
 */
export const editionKey = <const K extends readonly unknown[]>(
  key: K,
  edition: string | undefined,
) => (edition === undefined ? key : ([...key, `${EDITION_KEY_PREFIX}${edition}`] as const));

/**
 * Whether a cached answer is another edition's (editionKey): the live counts are the current
 * edition's, and write into its answers only.
 */
export const isOtherEditionKey = (key: readonly unknown[]) =>
  key.some((part) => typeof part === 'string' && part.startsWith(EDITION_KEY_PREFIX));
