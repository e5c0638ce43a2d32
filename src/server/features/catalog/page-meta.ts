import type { AppContext } from '#server/app-context.js';
import { resultsPageMeta } from '#server/features/event/results-page-meta.js';
import { categoryIdInPath, editionInPath, shareLinkInPath } from '#shared/page-paths.js';
import { HttpError } from '#server/http/http-error.js';
import { editionCatalog } from './edition-catalog.js';
import type { PageMeta } from '#server/http/spa.js';
import enCatalog from '#shared/locales/en/catalog.json' with { type: 'json' };

// Previews are in English: a crawler sends no language worth following.
const DEFAULT_BIO = enCatalog.artist.defaultBio;

/** A slug no edition has: the page has no preview, as for an unknown category. */
const unknownEdition = (error: unknown) => {
  if (error instanceof HttpError && error.statusCode === 404) return null;
  throw error;
};

/**
 * Open Graph and Twitter data for shared pages, so a link pasted in WhatsApp or Facebook shows
 * the nominee or category, of the current edition or, under `/e/{slug}/`, of that edition.
 * Crawlers do not run our JavaScript, so this is rendered on the server.
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

    const edition = editionInPath(pathname);
    const page = edition?.page ?? pathname;
    const url = `${origin}${pathname}`;
    if (page === '/results') {
      return resultsPageMeta(ctx, edition?.slug, url, absolute).catch(unknownEdition);
    }

    const share = shareLinkInPath(page);
    const category = categoryIdInPath(page);
    if (!share && !category) return null;

    const catalog = await editionCatalog(ctx, edition?.slug).catch(unknownEdition);
    if (!catalog) return null;
    const { snapshot } = catalog;
    // Another edition's page names it: its voting is over, or not begun.
    const ofEdition = catalog.edition ? ` · ${catalog.edition.name}` : '';
    if (share) {
      const nomination = snapshot.nominationByLink.get(share);
      if (!nomination) return null;
      const name = nomination.nominationTitle ?? nomination.artist.name;
      return {
        title: catalog.edition
          ? `${name} · ${nomination.category.name}${ofEdition} | Palmarès`
          : `Vote for ${name} · ${nomination.category.name} | Palmarès`,
        description: nomination.nominationDescription ?? nomination.artist.bio ?? DEFAULT_BIO,
        image: absolute(nomination.nominationPhotoUrl ?? nomination.artist.photoUrl),
        url,
      };
    }
    const found = snapshot.categoryById.get(category!);
    if (!found) return null;
    return {
      title: `${found.name}${ofEdition} | Palmarès`,
      description:
        found.description ?? `${found.artistCount} nominees. Vote for your favourite on Palmarès.`,
      image: absolute(found.backgroundImageUrl),
      url,
      // The hero's background, exactly as the page's <img> asks for it, so the two are one fetch.
      preloadImage: found.backgroundImageUrl ?? undefined,
    };
  };
}
