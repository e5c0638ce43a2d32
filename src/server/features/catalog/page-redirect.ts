import type { AppContext } from '#server/app-context.js';
import { otherEditionOf } from '#server/features/editions/edition-store.js';
import {
  categoryIdInPath,
  editionInPath,
  editionPagePath,
  shareLinkInPath,
} from '#shared/page-paths.js';

/**
 * Where a public page now lives, or null when it is where it was asked for. The current edition's
 * pages have the plain addresses, so `/e/{its slug}/...` goes to them. A category or a share link
 * passed round while its edition was current goes to that edition's address once another edition
 * is current, so every link ever shared keeps showing what it showed.
 */
export function pageRedirect(ctx: AppContext) {
  return async (pathname: string): Promise<string | null> => {
    const edition = editionInPath(pathname);
    if (edition) return edition.slug === (await ctx.event.current()).slug ? edition.page : null;
    const shareLink = shareLinkInPath(pathname);
    const categoryId = categoryIdInPath(pathname);
    const page: { shareLink: string } | { categoryId: string } | undefined =
      shareLink !== undefined
        ? { shareLink }
        : categoryId !== undefined
          ? { categoryId }
          : undefined;
    if (!page) return null;
    const snapshot = await ctx.catalog.get();
    const here =
      'shareLink' in page
        ? snapshot.nominationByLink.has(page.shareLink)
        : snapshot.categoryById.has(page.categoryId);
    if (here) return null;
    const slug = await otherEditionOf(ctx.db, page);
    return slug === null ? null : editionPagePath(slug, pathname);
  };
}
