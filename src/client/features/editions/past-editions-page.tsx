import { Archive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PastEdition } from '#shared/schemas/edition';
import { EmptyState } from '#client/components/empty-state';
import { PageHero, PageHeroIntro } from '#client/components/layout/page-hero';
import { PageLayout } from '#client/components/layout/page-layout';
import { LoadFailureState } from '#client/components/load-failure-state';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { useDocumentTitle } from '#client/lib/use-document-title';
import { usePastEditions } from './api/past-editions-query';
import { PastEditionCard } from './past-edition-card';

/** /editions: the archive, every edition but the current one with its winners, newest first. */
export function PastEditionsPage() {
  const { t } = useTranslation('editions');
  useDocumentTitle(t('title'));
  const editions = usePastEditions();

  return (
    <PageLayout>
      <PageHero
        width="max-w-4xl"
        eyebrow={
          <>
            <Archive className="size-4" aria-hidden="true" />
            {t('eyebrow')}
          </>
        }
        title={t('title')}
      >
        <PageHeroIntro>{t('intro')}</PageHeroIntro>
      </PageHero>
      <div className="relative mx-auto -mt-8 flex max-w-4xl flex-col gap-6 px-4 pb-12 sm:-mt-10 sm:px-6">
        <PastEditionsBody
          editions={editions.data}
          error={editions.isError ? editions.error : null}
          onRetry={() => void editions.refetch()}
        />
      </div>
    </PageLayout>
  );
}

interface PastEditionsBodyProps {
  editions: PastEdition[] | undefined;
  error: unknown;
  onRetry: () => void;
}

function PastEditionsBody({ editions, error, onRetry }: PastEditionsBodyProps) {
  const { t } = useTranslation('editions');
  if (error) {
    return (
      <div className="rounded-[var(--radius-card)] bg-card">
        <LoadFailureState
          error={error}
          missing={{
            title: t('title'),
            text: '',
            href: '/categories',
            linkLabel: t('browseCurrent'),
          }}
          onRetry={onRetry}
        />
      </div>
    );
  }
  if (!editions) {
    return (
      <div role="status" aria-label={t('loading')} className="flex flex-col gap-6">
        <EditionCardSkeleton />
        <EditionCardSkeleton />
      </div>
    );
  }
  if (editions.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={Archive}
          title={t('emptyTitle')}
          text={t('emptyText')}
          action={
            <Link href="/categories" className={buttonVariants({ variant: 'default' })}>
              {t('browseCurrent')}
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <ul className="flex flex-col gap-6">
      {editions.map((edition) => (
        <li key={edition.slug}>
          <PastEditionCard edition={edition} />
        </li>
      ))}
    </ul>
  );
}

function EditionCardSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <Skeleton className="h-7 w-1/2" />
      <Skeleton className="h-4 w-2/3" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-24 w-full rounded-xl" />
      </div>
    </Card>
  );
}
