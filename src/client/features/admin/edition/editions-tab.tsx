import { AlertTriangle, Archive, ArrowRightLeft, FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { EditionSummary } from '#shared/schemas/edition';
import { EmptyState } from '#client/components/empty-state';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#client/components/ui/alert-dialog';
import { Button } from '#client/components/ui/button';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Card } from '#client/components/ui/card';
import { useLanguage } from '#client/lib/use-language';
import { SectionSpinner } from '../section-spinner';
import { TabHeading } from '../tab-heading';
import { useFormatters } from '../use-formatters';
import { CreateEditionForm } from './create-edition-form';
import { EditionStatusBadges } from './edition-status-badges';
import { editionName, useEditions } from './editions-query';
import { useEditionAction } from './use-edition-actions';

type Confirming = { kind: 'make-current' | 'archive'; edition: EditionSummary } | null;

/**
 * /admin?tab=editions: every edition, and what an organiser does with editions as a whole: create
 * one, make one current, archive a finished one. A tab of its own rather than part of the Event
 * tab, which edits the settings of the one selected edition: these act across editions.
 */
export function EditionsTab() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const format = useFormatters();
  const editionsQuery = useEditions();
  const action = useEditionAction();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const editions = editionsQuery.data;

  let list;
  if (editionsQuery.isError) {
    list = (
      <EmptyState
        as="h3"
        icon={AlertTriangle}
        title={t('editions.loadFailed')}
        action={
          <Button variant="outline" onClick={() => void editionsQuery.refetch()}>
            {tc('actions.tryAgain')}
          </Button>
        }
      />
    );
  } else if (!editions) {
    list = <SectionSpinner />;
  } else {
    list = (
      <ul className="flex flex-col gap-3" aria-labelledby="editions-list-heading">
        {editions.map((edition) => {
          const name = editionName(edition, language);
          // Only a finished edition that is not the public one may be archived (as the server says).
          const archivable =
            !edition.isCurrent && edition.archivedAt === null && edition.status === 'closed';
          const window = [format.date(edition.votingOpensAt), format.date(edition.votingClosesAt)]
            .filter(Boolean)
            .join(' – ');
          return (
            <li key={edition.slug}>
              <Card className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-words">{name}</span>
                    <EditionStatusBadges edition={edition} />
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {t('editions.slugLine', { slug: edition.slug })}
                    {window ? ` · ${window}` : ''}
                  </span>
                </div>
                <div className="flex flex-wrap gap-2 max-sm:w-full max-sm:[&>*]:flex-1">
                  <Link
                    href={
                      edition.isCurrent
                        ? '/admin?tab=categories'
                        : `/admin?tab=categories&edition=${encodeURIComponent(edition.slug)}`
                    }
                    aria-label={t('editions.openLabel', { name })}
                    className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  >
                    <FolderOpen aria-hidden="true" />
                    {t('editions.open')}
                  </Link>
                  {!edition.isCurrent && edition.archivedAt === null ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t('editions.makeCurrentLabel', { name })}
                      disabled={action.isPending}
                      onClick={() => setConfirming({ kind: 'make-current', edition })}
                    >
                      <ArrowRightLeft aria-hidden="true" />
                      {t('editions.makeCurrent')}
                    </Button>
                  ) : null}
                  {archivable ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t('editions.archiveLabel', { name })}
                      disabled={action.isPending}
                      onClick={() => setConfirming({ kind: 'archive', edition })}
                    >
                      <Archive aria-hidden="true" />
                      {t('editions.archive')}
                    </Button>
                  ) : null}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    );
  }

  const confirmName = confirming ? editionName(confirming.edition, language) : '';
  return (
    <section aria-labelledby="editions-heading" className="flex flex-col gap-4">
      <TabHeading id="editions-heading" title={t('editions.heading')}>
        <p className="text-sm text-muted-foreground">{t('editions.intro')}</p>
      </TabHeading>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex flex-col gap-3">
          <h3 id="editions-list-heading" className="text-lg font-semibold">
            {t('editions.listHeading')}
          </h3>
          {list}
        </div>
        <Card className="p-4 sm:p-6">
          <h3 id="create-edition-heading" className="mb-4 text-lg font-semibold">
            {t('editions.createHeading')}
          </h3>
          <CreateEditionForm editions={editions ?? []} />
        </Card>
      </div>
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {confirming?.kind === 'archive'
                ? t('editions.archiveTitle', { name: confirmName })
                : t('editions.makeCurrentTitle', { name: confirmName })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {confirming?.kind === 'archive'
                ? t('editions.archiveText')
                : t('editions.makeCurrentText', { name: confirmName })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('editions.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="accent"
              onClick={() => {
                if (confirming) {
                  action.mutate({
                    kind: confirming.kind,
                    slug: confirming.edition.slug,
                    name: confirmName,
                  });
                }
              }}
            >
              {confirming?.kind === 'archive' ? t('editions.archive') : t('editions.makeCurrent')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
