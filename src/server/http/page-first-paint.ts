import type { AppContext } from '#server/app-context.js';
import {
  categoryFirstPaintOf,
  shareFirstPaintOf,
} from '#server/features/catalog/category-first-paint.js';
import { checkoutFirstPaint } from '#server/features/checkout/checkout-first-paint.js';
import { parseArtistParam } from '#shared/checkout-artist-param.js';
import type { Language } from '#shared/limits.js';

export interface PageRequest {
  pathname: string;
  /** The query string, with its `?`, or ''. */
  search: string;
  language: Language;
}

const CATEGORY = /^\/category\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SHARE = /^\/share\/([A-Za-z0-9_-]{8,64})$/;

/**
 * The screens the server draws before their script runs (ADR 0063): a category, a share link's
 * category, and a checkout whose link carries a votable artist. Null for every other page, which
 * the script draws alone.
 */
export function pageFirstPaint(ctx: AppContext) {
  return async ({ pathname, search, language }: PageRequest): Promise<string | null> => {
    const category = CATEGORY.exec(pathname)?.[1];
    if (category) return categoryFirstPaintOf(ctx, category, language);
    const share = SHARE.exec(pathname)?.[1];
    if (share) return shareFirstPaintOf(ctx, share, language);
    if (pathname === '/checkout') {
      const parsed = parseArtistParam(search);
      return parsed.kind === 'ok' ? checkoutFirstPaint(parsed.artist, language) : null;
    }
    return null;
  };
}
