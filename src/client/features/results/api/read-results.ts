import type { Results } from '#shared/schemas/event';
import type { ResponseReader } from '#client/lib/api-client';
import { boolean, integer, list, nullableString, record, string } from '#client/lib/json-fields';

/**
 * GET /api/results, read by hand: the results page is where a results-night link lands, and zod
 * would be a quarter of its script (docs/decisions/0042). Held to `resultsSchema` by its test.
 */
export const resultsReader: ResponseReader<Results> = {
  parse: (data) => {
    const results = record(data, '');
    if (!boolean(results.published, 'published')) return { published: false };
    return {
      published: true,
      publishedAt: string(results.publishedAt, 'publishedAt'),
      categories: list(results.categories, 'categories').map((value, c) => {
        const path = `categories[${c}]`;
        const category = record(value, path);
        return {
          categoryId: string(category.categoryId, `${path}.categoryId`),
          name: string(category.name, `${path}.name`),
          nameFr: nullableString(category.nameFr, `${path}.nameFr`),
          nominees: list(category.nominees, `${path}.nominees`).map((item, n) => {
            const at = (key: string) => `${path}.nominees[${n}].${key}`;
            const nominee = record(item, `${path}.nominees[${n}]`);
            return {
              nominationId: string(nominee.nominationId, at('nominationId')),
              artistName: string(nominee.artistName, at('artistName')),
              photoUrl: nullableString(nominee.photoUrl, at('photoUrl')),
              nominationTitle: nullableString(nominee.nominationTitle, at('nominationTitle')),
              nominationTitleFr: nullableString(nominee.nominationTitleFr, at('nominationTitleFr')),
              voteCount: integer(nominee.voteCount, at('voteCount')),
              changeSincePublication: integer(
                nominee.changeSincePublication,
                at('changeSincePublication'),
              ),
              rank: integer(nominee.rank, at('rank')),
            };
          }),
        };
      }),
    };
  },
};
