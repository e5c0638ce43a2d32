/*
 * The public pages whose address carries what they show: read from the path here once, for the
 * server (link previews, the pages it draws) and the browser (what a link opened cold asks for
 * first), so both agree on which paths those are.
 */

const CATEGORY = /^\/category\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SHARE = /^\/share\/([A-Za-z0-9_-]{8,64})$/;

/** The category id of a `/category/{id}` path, or undefined. */
export const categoryIdInPath = (pathname: string) => CATEGORY.exec(pathname)?.[1];

/** The share link of a `/share/{link}` path, or undefined. */
export const shareLinkInPath = (pathname: string) => SHARE.exec(pathname)?.[1];

/** What an edition's short name is made of (`/e/2025/...`): lower-case letters, digits, dashes. */
export const EDITION_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const EDITION = new RegExp(`^/e/(${EDITION_SLUG_PATTERN.source.slice(1, -1)})(/.*)?$`);

/**
 * An edition's own address (`/e/2025/results`): its short name and the page within it, `/` for
 * the edition's address alone. Undefined for every other path, the current edition's pages.
 */
export function editionInPath(pathname: string): { slug: string; page: string } | undefined {
  const match = EDITION.exec(pathname);
  return match ? { slug: match[1]!, page: match[2] ?? '/' } : undefined;
}

/** The page `page` of the edition `slug`, or the current edition's page when `slug` is unset. */
export const editionPagePath = (slug: string | undefined, page: string) =>
  slug === undefined ? page : `/e/${slug}${page === '/' ? '' : page}`;
