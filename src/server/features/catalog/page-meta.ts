import type { AppContext } from '#server/app-context.js';
import { resultsPageMeta } from '#server/features/event/results-page-meta.js';
import { categoryIdInPath, shareLinkInPath } from '#shared/page-paths.js';
import type { PageMeta } from '#server/http/spa.js';
import enCatalog from '#shared/locales/en/catalog.json' with { type: 'json' };

// Previews are in English: a crawler sends no language worth following.
const DEFAULT_BIO = enCatalog.artist.defaultBio;

/**
 * Open Graph and Twitter data for shared pages, so a link pasted in WhatsApp or Facebook shows
 * the nominee or category. Crawlers do not run our JavaScript, so this is rendered on the server.
 */
export function catalogPageMeta(ctx: AppContext) {
  return async (pathname: string, requestOrigin: string): Promise<PageMeta | null> => {
    const origin = ctx.config.publicUrl ?? requestOrigin;
    const absolute = (url: string | null | undefined) =>
      url
        ? /^https?:\/\//.test(url)
          ? url
          : `${origin}${url.startsWith('/') ? '' : '/'}${url}`
        : undefined;

    if (pathname === '/results') return resultsPageMeta(ctx, `${origin}${pathname}`, absolute);

    const share = shareLinkInPath(pathname);
    const category = categoryIdInPath(pathname);
    if (!share && !category) return null;

    const snapshot = await ctx.catalog.get();
    if (share) {
      const nomination = snapshot.nominationByLink.get(share);
      if (!nomination) return null;
      const name = nomination.nominationTitle ?? nomination.artist.name;
      return {
        title: `Vote for ${name} · ${nomination.category.name} | Palmarès`,
        description: nomination.nominationDescription ?? nomination.artist.bio ?? DEFAULT_BIO,
        image: absolute(nomination.nominationPhotoUrl ?? nomination.artist.photoUrl),
        url: `${origin}${pathname}`,
      };
    }
    const found = snapshot.categoryById.get(category!);
    if (!found) return null;
    return {
      title: `${found.name} | Palmarès`,
      description:
        found.description ?? `${found.artistCount} nominees. Vote for your favourite on Palmarès.`,
      image: absolute(found.backgroundImageUrl),
      url: `${origin}${pathname}`,
      // The hero's background, exactly as the page's <img> asks for it, so the two are one fetch.
      preloadImage: found.backgroundImageUrl ?? undefined,
    };
  };
}
