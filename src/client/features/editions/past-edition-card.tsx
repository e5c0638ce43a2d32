import { ArrowRight, Crown, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { EditionWinner, PastEdition } from '#shared/schemas/edition';
import { formatDate } from '#shared/format-date';
import { formatWholeNumber } from '#shared/format-whole-number';
import type { Language } from '#shared/limits';
import { ArtistPhoto } from '#client/components/artist-photo';
import { Badge } from '#client/components/ui/badge';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Card } from '#client/components/ui/card';
import { useLanguage } from '#client/lib/use-language';
import { useLocalized } from '#client/lib/use-localized';
import { nomineeHeading } from '#client/features/results';

/** A category's winners: one, or several tied. */
interface CategoryWinners {
  categoryId: string;
  name: string;
  nameFr: string | null;
  winners: EditionWinner[];
}

/** The winners as the answer lists them (by category, in its order), grouped by category. */
function byCategory(winners: readonly EditionWinner[]): CategoryWinners[] {
  const categories: CategoryWinners[] = [];
  for (const winner of winners) {
    let category = categories.at(-1);
    if (category?.categoryId !== winner.categoryId) {
      category = {
        categoryId: winner.categoryId,
        name: winner.categoryName,
        nameFr: winner.categoryNameFr,
        winners: [],
      };
      categories.push(category);
    }
    category.winners.push(winner);
  }
  return categories;
}

/** One past edition: its name, when it was voted on, and its winners once announced. */
export function PastEditionCard({ edition }: { edition: PastEdition }) {
  const { t } = useTranslation('editions');
  const language = useLanguage();
  const label = useLocalized();
  const name = label(edition.name, edition.nameFr);
  const headingId = `edition-${edition.slug}`;
  const date = (iso: string) => formatDate(iso, language, { timeZone: edition.timezone });
  const published = edition.resultsPublishedAt;
  const categories = byCategory(edition.winners);
  const slug = encodeURIComponent(edition.slug);

  return (
    <Card role="region" aria-labelledby={headingId} className="overflow-hidden">
      <div className="flex flex-col gap-2 border-b border-border px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h2
            id={headingId}
            className="min-w-0 font-display text-2xl leading-tight font-semibold break-words"
          >
            {name}
          </h2>
          <span className="inline-flex flex-wrap gap-1.5">
            {edition.archivedAt ? <Badge variant="muted">{t('archived')}</Badge> : null}
            <Badge variant="outline">
              {t(edition.status === 'closed' ? 'status.closed' : 'status.notOpen')}
            </Badge>
          </span>
        </div>
        <VotingDates edition={edition} format={date} />
        <p className="text-sm text-muted-foreground">
          {published ? t('announcedOn', { date: date(published) }) : t('notPublished')}
        </p>
      </div>
      {published ? (
        categories.length === 0 ? (
          <p className="px-4 py-5 text-muted-foreground sm:px-6">{t('noWinners')}</p>
        ) : (
          <ul
            aria-label={t('winnersOf', { name })}
            className="divide-y divide-border sm:grid sm:grid-cols-2 sm:gap-3 sm:divide-y-0 sm:p-6"
          >
            {categories.map((category) => (
              <li key={category.categoryId}>
                <CategoryWinnersTile category={category} language={language} />
              </li>
            ))}
          </ul>
        )
      ) : null}
      <div className="flex flex-wrap gap-2 border-t border-border bg-muted/40 px-4 py-3 sm:px-6 max-sm:[&>*]:flex-1">
        {published ? (
          <Link
            href={`/e/${slug}/results`}
            aria-label={t('seeResultsOf', { name })}
            className={buttonVariants({ variant: 'default', size: 'sm' })}
          >
            <Trophy aria-hidden="true" />
            {t('seeResults')}
          </Link>
        ) : null}
        <Link
          href={`/e/${slug}/categories`}
          aria-label={t('browseNomineesOf', { name })}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          {t('browseNominees')}
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </Card>
  );
}

/** When voting opened and closed, in the edition's clock; nothing when it never had dates. */
function VotingDates({
  edition,
  format,
}: {
  edition: PastEdition;
  format: (iso: string) => string;
}) {
  const { t } = useTranslation('editions');
  const { votingOpensAt: from, votingClosesAt: to } = edition;
  let text: string | null = null;
  if (from && to) text = t('votingFromTo', { from: format(from), to: format(to) });
  else if (to) text = t('votingUntil', { to: format(to) });
  else if (from) text = t('votingFrom', { from: format(from) });
  return text ? <p className="text-sm text-foreground">{text}</p> : null;
}

/** A category and its winner, or its winners side by side when tied. */
function CategoryWinnersTile({
  category,
  language,
}: {
  category: CategoryWinners;
  language: Language;
}) {
  const { t } = useTranslation('editions');
  const label = useLocalized();
  const tied = category.winners.length > 1;
  return (
    // A row of the list on a phone, a tile of the grid from sm up.
    <div className="flex h-full flex-col gap-2 px-4 py-3 sm:gap-3 sm:rounded-xl sm:border sm:border-border sm:p-3">
      <div className="flex items-center gap-2">
        <h3 className="flex min-w-0 items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <Crown className="size-3.5 shrink-0 text-gold-600" aria-hidden="true" />
          <span className="min-w-0 break-words">{label(category.name, category.nameFr)}</span>
        </h3>
        {tied ? (
          <Badge variant="accent" className="ml-auto">
            {t('tied')}
          </Badge>
        ) : null}
      </div>
      {category.winners.map((winner) => {
        const heading = nomineeHeading(winner, language);
        return (
          <div key={winner.nominationId} className="flex items-center gap-3">
            <ArtistPhoto
              src={winner.photoUrl}
              name={winner.artistName}
              alt={t('photoAlt', { name: winner.artistName })}
              width={64}
              height={64}
              className="size-14 shrink-0 rounded-lg sm:size-16 [&>span]:text-lg"
            />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">{heading.title}</p>
              {heading.byline ? (
                <p className="text-sm break-words text-muted-foreground">{heading.byline}</p>
              ) : null}
              <p className="text-sm font-medium text-gold-700 tabular-nums">
                {t('votes', {
                  count: winner.voteCount,
                  formatted: formatWholeNumber(winner.voteCount, language),
                })}
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
