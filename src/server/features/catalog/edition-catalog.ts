import type { AppContext } from '#server/app-context.js';
import { editionIdOf } from '#server/features/editions/edition-store.js';
import type { PublicEvent } from '#shared/schemas/event.js';
import type { CatalogSnapshot } from './catalog-snapshot.js';

export interface EditionCatalog {
  snapshot: CatalogSnapshot;
  /** Whether the edition shows its counts now (hidden before the close, or by the organiser). */
  countsVisible: boolean;
  /** The edition named, when it is not the current one. */
  edition?: PublicEvent;
}

/**
 * The catalogue a public answer is drawn from: the current edition's, from memory, or that of the
 * edition named by `slug` (`?edition=2025`), whose settings are read each time: another edition's
 * pages are visited far less. 404 for a slug no edition has.
 */
export async function editionCatalog(
  ctx: AppContext,
  slug: string | undefined,
): Promise<EditionCatalog> {
  if (slug !== undefined && slug !== (await ctx.event.current()).slug) {
    const editionId = await editionIdOf(ctx.db, slug);
    const [snapshot, event] = await Promise.all([
      ctx.catalog.get(editionId),
      ctx.event.edition(editionId),
    ]);
    return { snapshot, countsVisible: event.countsVisible, edition: event };
  }
  const [snapshot, countsVisible] = await Promise.all([
    ctx.catalog.get(),
    ctx.event.countsVisible(),
  ]);
  return { snapshot, countsVisible };
}
