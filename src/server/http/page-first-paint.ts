import type { AppContext } from '#server/app-context.js';
import {
  categoryFirstPaintOf,
  shareFirstPaintOf,
} from '#server/features/catalog/category-first-paint.js';
import { checkoutFirstPaint } from '#server/features/checkout/checkout-first-paint.js';
import { parseArtistParam } from '#shared/checkout-artist-param.js';
import type { Language } from '#shared/limits.js';
import { categoryIdInPath, shareLinkInPath } from './page-paths.js';

export interface PageRequest {
  pathname: string;
  /** The query string, with its `?`, or ''. */
  search: string;
  language: Language;
}

/**
 * The screens the server draws before their script runs (ADR 0063): a category, a share link's
 * category, and a checkout whose link carries a votable artist. Null for every other page, which
 * the script draws alone.
 */
export function pageFirstPaint(ctx: AppContext) {
  return async ({ pathname, search, language }: PageRequest): Promise<string | null> => {
    const category = categoryIdInPath(pathname);
    if (category) return categoryFirstPaintOf(ctx, category, language);
    const share = shareLinkInPath(pathname);
    if (share) return shareFirstPaintOf(ctx, share, language);
    if (pathname === '/checkout') {
      const parsed = parseArtistParam(search);
      return parsed.kind === 'ok' ? checkoutFirstPaint(parsed.artist, language) : null;
    }
    return null;
  };
}
