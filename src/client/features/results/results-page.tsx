import { CalendarClock, Trophy } from 'lucide-react';
import { Suspense } from 'react';
import { checkMyVote } from './check-my-vote-screen';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PublicEvent, Results } from '#shared/schemas/event';
import { EmptyState } from '#client/components/empty-state';
import { PageHero, PageHeroIntro } from '#client/components/layout/page-hero';
import { PageLayout } from '#client/components/layout/page-layout';
import { LoadFailureState } from '#client/components/load-failure-state';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Skeleton } from '#client/components/ui/skeleton';
import { useDocumentTitle } from '#client/lib/use-document-title';
import { useLanguage } from '#client/lib/use-language';
import { useEvent } from '#client/features/event';
import { formatEventDate } from '#shared/format-event-date';
import { useResults } from './api/results-query';
import { CategoryResults } from './category-results';

/*
 * The check comes last on the page, below every ranking, and brings the shared schemas its form
 * and proofs are checked with: loaded apart, the page draws without waiting for them.
 */
const CheckMyVote = checkMyVote.Screen;

/** /results: when they will be announced, then the winners of every category and the ranking. */
export function ResultsPage() {
  const { t } = useTranslation('results');
  const { t: tc } = useTranslation('common');
  useDocumentTitle(t('title'));
  const results = useResults();
  const event = useEvent();
  const language = useLanguage();
  const published = results.data?.published === true ? results.data : null;

  return (
    <PageLayout>
      <PageHero
        width="max-w-4xl"
        eyebrow={
          <>
            <Trophy className="size-4" aria-hidden="true" />
            {tc('brandTagline')}
          </>
        }
        title={t('title')}
      >
        {published && event.data ? (
          <PageHeroIntro>
            {t('publishedOn', {
              date: formatEventDate(published.publishedAt, event.data.timezone, language),
            })}
          </PageHeroIntro>
        ) : null}
      </PageHero>
      <div className="relative mx-auto -mt-8 flex max-w-4xl flex-col gap-6 px-4 pb-12 sm:-mt-10 sm:px-6">
        <ResultsBody
          results={results.data}
          event={event.data}
          failed={results.isError || event.isError}
          error={results.error ?? event.error}
          onRetry={() => {
            void results.refetch();
            void event.refetch();
          }}
        />
      </div>
    </PageLayout>
  );
}

interface ResultsBodyProps {
  results: Results | undefined;
  event: PublicEvent | undefined;
  failed: boolean;
  error: unknown;
  onRetry: () => void;
}

function ResultsBody({ results, event, failed, error, onRetry }: ResultsBodyProps) {
  const { t } = useTranslation('results');
  if (failed) {
    return (
      <div className="rounded-[var(--radius-card)] bg-card">
        <LoadFailureState
          error={error}
          missing={{ title: t('title'), text: '', href: '/categories', linkLabel: t('browse') }}
          onRetry={onRetry}
        />
      </div>
    );
  }
  // Before publication the announcement needs the close date: wait for both, not show "soon" first.
  if (!results || (!results.published && !event)) {
    return (
      <div role="status" aria-label={t('loading')} className="flex flex-col gap-6">
        <Skeleton className="h-72 w-full rounded-[var(--radius-card)]" />
        <Skeleton className="h-72 w-full rounded-[var(--radius-card)]" />
      </div>
    );
  }
  if (!results.published) return <Announcement event={event} />;
  if (results.categories.length === 0) {
    return (
      <div className="rounded-[var(--radius-card)] bg-card">
        <EmptyState icon={Trophy} title={t('noCategories')} />
      </div>
    );
  }
  return (
    <>
      {results.categories.map((category, index) => (
        <CategoryResults key={category.categoryId} category={category} eager={index === 0} />
      ))}
      <Suspense fallback={null}>
        <CheckMyVote categories={results.categories} timezone={event?.timezone ?? 'UTC'} />
      </Suspense>
    </>
  );
}

/** Before publication: when the results come, in the event's clock and the reader's language. */
function Announcement({ event }: { event: PublicEvent | undefined }) {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const closesAt = event?.votingClosesAt ?? null;
  const text =
    event && closesAt
      ? t('announcedOn', { date: formatEventDate(closesAt, event.timezone, language) })
      : t('announcedSoon');
  return (
    <div className="rounded-[var(--radius-card)] border border-border bg-card shadow-sm">
      <EmptyState
        icon={CalendarClock}
        title={t('pendingTitle')}
        text={text}
        action={
          event?.status === 'closed' ? null : (
            <Link href="/categories" className={buttonVariants({ variant: 'default' })}>
              {t('browse')}
            </Link>
          )
        }
      />
    </div>
  );
}
