import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedCard, type ListPage } from '#client/components/paged-card';
import { SectionSpinner } from './section-spinner';

/** What the card reads of the list's query (TanStack Query's result has all of it). */
export interface ListQueryState {
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

interface PagedListCardProps<Row> {
  /**
   * The list's section of the admin texts: its `listLabel`, `showing`, `loadFailed` and
   * `pagination.label`. Previous, Next and "Page n of m" are the audit trail's, the same for
   * every list.
   */
  texts: 'audit' | 'messages';
  query: ListQueryState;
  /** Undefined before the first answer. */
  shown: ListPage<Row> | undefined;
  /** Beside the count (a page size select). */
  aside?: ReactNode;
  page: number;
  onPage: (page: number) => void;
  /** In place of the list when the page has no rows (nothing yet, or nothing that matches). */
  empty: ReactNode;
  /** One row, as an item of the list (with its key). */
  children: (row: Row) => ReactNode;
}

/**
 * A list of an admin tab read a page at a time (the audit trail, the messages to voters): the
 * shared paged card worded from the admin texts, its rows items of a list, its headings under
 * the tab's own.
 */
export function PagedListCard<Row>({
  texts,
  query,
  shown,
  aside,
  page,
  onPage,
  empty,
  children,
}: PagedListCardProps<Row>) {
  const { t } = useTranslation('admin');
  return (
    <PagedCard
      texts={{
        showing: (range) => t(`${texts}.showing`, range),
        loadFailed: t(`${texts}.loadFailed`),
        paginationLabel: t(`${texts}.pagination.label`),
        previous: t('audit.pagination.previous'),
        next: t('audit.pagination.next'),
        position: (at) => t('audit.pagination.pageOf', at),
      }}
      shown={shown}
      isError={query.isError}
      isUpdating={query.isFetching && query.isPlaceholderData}
      onRetry={() => void query.refetch()}
      page={page}
      onPage={onPage}
      aside={aside}
      loading={<SectionSpinner />}
      empty={empty}
      headingLevel="h3"
    >
      {(rows) => (
        <ul aria-label={t(`${texts}.listLabel`)} className="divide-y divide-border">
          {rows.map((row) => children(row))}
        </ul>
      )}
    </PagedCard>
  );
}
