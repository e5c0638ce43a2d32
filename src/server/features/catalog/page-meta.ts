import type { AppContext } from '#server/app-context.js';
import { resultsPageMeta } from '#server/features/event/results-page-meta.js';
import type { PageMeta } from '#server/http/spa.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_BIO = 'Rising star making waves in the music industry';

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

    const share = /^\/share\/([A-Za-z0-9_-]{8,64})$/.exec(pathname);
    const category = /^\/category\/([^/]+)$/.exec(pathname);
    if (!share && !(category && UUID.test(category[1]!))) return null;

    const snapshot = await ctx.catalog.get();
    if (share) {
      const nomination = snapshot.nominationByLink.get(share[1]!);
      if (!nomination) return null;
      const name = nomination.nominationTitle ?? nomination.artist.name;
      return {
        title: `Vote for ${name} · ${nomination.category.name} | Palmarès`,
        description: nomination.nominationDescription ?? nomination.artist.bio ?? DEFAULT_BIO,
        image: absolute(nomination.nominationPhotoUrl ?? nomination.artist.photoUrl),
        url: `${origin}${pathname}`,
      };
    }
    const found = snapshot.categoryById.get(category![1]!);
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
