import type { AppContext } from '#server/app-context.js';
import type { PageMeta } from '#server/http/spa.js';
import { formatEventDate } from '#shared/format-event-date.js';
import { currentEditionId } from '#server/features/editions/current-edition.js';
import { editionIdOf } from '#server/features/editions/edition-store.js';
import { rankedResults } from './results-query.js';

const DESCRIPTION_MAX = 300;

function clip(text: string): string {
  return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1)}…`;
}

/**
 * /results (or an edition's, /e/{slug}/results) as a shared link previews it: once published, the
 * winners by category ("Best Male Artist: Salatiel; ...") with the first winner's photo; before,
 * when they will be announced. English, like the other previews: a crawler sends no language.
 * 404 for a slug no edition has.
 */
export async function resultsPageMeta(
  ctx: AppContext,
  slug: string | undefined,
  url: string,
  absolute: (path: string | null | undefined) => string | undefined,
): Promise<PageMeta> {
  const editionId = slug === undefined ? currentEditionId : await editionIdOf(ctx.db, slug);
  const event =
    typeof editionId === 'number' ? await ctx.event.edition(editionId) : await ctx.event.current();
  if (event.resultsPublishedAt === null) {
    return {
      title: `Results · ${event.name}`,
      description: event.votingClosesAt
        ? `Results will be announced on ${formatEventDate(event.votingClosesAt, event.timezone, 'en')}.`
        : 'Results will be announced soon.',
      url,
    };
  }
  const results = await rankedResults(ctx.db, editionId, event.resultsPublishedAt);
  const categories = results.published ? results.categories : [];
  const winnersOf = categories
    .map((category) => ({
      name: category.name,
      winners: category.nominees.filter((nominee) => nominee.rank === 1),
    }))
    .filter((category) => category.winners.length > 0);
  const description = winnersOf
    .map(({ name, winners }) => `${name}: ${winners.map((w) => w.artistName).join(' & ')}`)
    .join('; ');
  return {
    title: `Winners · ${event.name}`,
    description: clip(description || `The results of ${event.name} are out.`),
    image: absolute(winnersOf[0]?.winners[0]?.photoUrl),
    url,
  };
}
