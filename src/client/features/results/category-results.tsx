import { Crown, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { resultCategorySchema } from '#shared/schemas/event';
import { ArtistPhoto } from '#client/components/artist-photo';
import { Card } from '#client/components/ui/card';
import { formatWholeNumber } from '#shared/format-whole-number';
import { useLanguage } from '#client/lib/use-language';
import { useLocalized } from '#client/lib/use-localized';
import { nomineeHeading, type ResultNominee } from './nominee-heading';

type ResultCategory = z.infer<typeof resultCategorySchema>;

interface CategoryResultsProps {
  category: ResultCategory;
  /** The first category's photos are above the fold: load them at once. */
  eager?: boolean;
}

/** One category: its winners (every nominee ranked first, ties included), then the others. */
export function CategoryResults({ category, eager }: CategoryResultsProps) {
  const { t } = useTranslation('results');
  const label = useLocalized();
  const headingId = `results-${category.categoryId}`;
  const winners = category.nominees.filter((nominee) => nominee.rank === 1);
  const others = category.nominees.filter((nominee) => nominee.rank !== 1);

  return (
    <Card role="region" aria-labelledby={headingId} className="overflow-hidden">
      <div className="flex items-center gap-3 border-b border-border px-4 py-3 sm:px-6 sm:py-4">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-ink-950 text-gold-300">
          <Trophy className="size-4" aria-hidden="true" />
        </span>
        <h2
          id={headingId}
          className="min-w-0 font-display text-xl font-semibold break-words sm:text-2xl"
        >
          {label(category.name, category.nameFr)}
        </h2>
      </div>
      {winners.length === 0 ? (
        <p className="px-4 py-6 text-muted-foreground sm:px-6">{t('noNominees')}</p>
      ) : (
        <ul
          aria-label={t(winners.length > 1 ? 'winnersTied' : 'winner')}
          className={
            winners.length > 1 ? 'grid gap-4 p-4 sm:grid-cols-2 sm:p-6' : 'grid gap-4 p-4 sm:p-6'
          }
        >
          {winners.map((nominee) => (
            <li key={nominee.nominationId}>
              <WinnerCard nominee={nominee} tied={winners.length > 1} eager={eager} />
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <div className="border-t border-border px-4 pt-3 pb-4 sm:px-6 sm:pb-6">
          <h3
            id={`${headingId}-ranking`}
            className="text-sm font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {t('ranking')}
          </h3>
          <ol aria-labelledby={`${headingId}-ranking`} className="mt-2 divide-y divide-border">
            {others.map((nominee) => (
              <li key={nominee.nominationId}>
                <RankingRow nominee={nominee} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <ChangesSincePublication nominees={category.nominees} headingId={headingId} />
    </Card>
  );
}

/**
 * Refunds, disputes and late payments after publication, per nominee, apart from the published
 * figures above, which they never change.
 */
function ChangesSincePublication({
  nominees,
  headingId,
}: {
  nominees: readonly ResultNominee[];
  headingId: string;
}) {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const changed = nominees.filter((nominee) => nominee.changeSincePublication !== 0);
  if (changed.length === 0) return null;
  const number = (count: number) => formatWholeNumber(count, language);
  return (
    <div className="border-t border-border bg-muted/40 px-4 pt-3 pb-4 sm:px-6">
      <h3
        id={`${headingId}-changes`}
        className="text-sm font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {t('changes.title')}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t('changes.text')}</p>
      <ul aria-labelledby={`${headingId}-changes`} className="mt-2 flex flex-col gap-1 text-sm">
        {changed.map((nominee) => {
          const change = nominee.changeSincePublication;
          return (
            <li key={nominee.nominationId} className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium">{nomineeHeading(nominee, language).title}</span>
              <span className="tabular-nums">
                {t(change < 0 ? 'changes.removed' : 'changes.added', {
                  count: Math.abs(change),
                  formatted: number(Math.abs(change)),
                  now: number(nominee.voteCount + change),
                })}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function useVotes(): (count: number) => string {
  const { t } = useTranslation('results');
  const language = useLanguage();
  return (count) => t('votes', { count, formatted: formatWholeNumber(count, language) });
}

function WinnerCard({
  nominee,
  tied,
  eager,
}: {
  nominee: ResultNominee;
  tied: boolean;
  eager: boolean | undefined;
}) {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const votes = useVotes();
  const heading = nomineeHeading(nominee, language);
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-xl bg-ink-950 text-white ring-2 ring-gold-400 sm:flex-row">
      <ArtistPhoto
        src={nominee.photoUrl}
        name={nominee.artistName}
        alt={t('photoAlt', { name: nominee.artistName })}
        width={480}
        height={360}
        eager={eager}
        className={
          tied
            ? 'aspect-[4/3] h-auto w-full object-[center_30%]'
            : 'aspect-[4/3] h-auto w-full object-[center_30%] sm:w-64 sm:shrink-0'
        }
      />
      <div className="flex flex-1 flex-col justify-center gap-2 p-4 sm:p-5">
        <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-gold-400 px-2.5 py-1 text-xs font-bold tracking-wide text-ink-950 uppercase">
          <Crown className="size-3.5" aria-hidden="true" />
          {t(tied ? 'tiedWinner' : 'winner')}
        </span>
        <p className="font-display text-2xl leading-tight font-semibold break-words">
          {heading.title}
        </p>
        {heading.byline ? <p className="text-white/80">{heading.byline}</p> : null}
        <p className="text-lg font-semibold text-gold-300">{votes(nominee.voteCount)}</p>
      </div>
    </div>
  );
}

function RankingRow({ nominee }: { nominee: ResultNominee }) {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const votes = useVotes();
  const heading = nomineeHeading(nominee, language);
  return (
    <div className="flex items-center gap-3 py-2.5">
      <span className="w-8 shrink-0 text-center font-display text-lg font-semibold text-muted-foreground tabular-nums">
        <span className="sr-only">{t('rankLabel')} </span>
        {nominee.rank}
      </span>
      <ArtistPhoto
        src={nominee.photoUrl}
        name={nominee.artistName}
        alt={t('photoAlt', { name: nominee.artistName })}
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-full [&>span]:text-base"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{heading.title}</p>
        {heading.byline ? (
          <p className="text-sm break-words text-muted-foreground">{heading.byline}</p>
        ) : null}
      </div>
      <span className="shrink-0 text-sm font-semibold text-foreground tabular-nums">
        {votes(nominee.voteCount)}
      </span>
    </div>
  );
}
