import { AlertTriangle, Inbox, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_CHANNEL_KINDS,
  OUTBOX_STATES,
  type MessageChannelKind,
  type OutboxState,
} from '#shared/schemas/outbox';
import { EmptyState } from '#client/components/empty-state';
import { Button } from '#client/components/ui/button';
import { LabelledSelect } from '#client/components/ui/labelled-select';
import { pageCount } from '#client/lib/page-count';
import { MessageItem } from '#client/features/tracking';
import { useOutbox } from './api/outbox-queries';
import { browserTimeZone } from './audit-filters';
import { PagedListCard } from './paged-list-card';
import { SectionSpinner } from './section-spinner';
import { TabHeading } from './tab-heading';

const PAGE_SIZE = 50;
type Any = 'all';

/**
 * The messages to voters (receipts, refund and dispute notices, lookup codes), newest first, with
 * where each stands: on results night, the failed ones are one filter away.
 */
export function MessagesTab() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const [state, setState] = useState<OutboxState | Any>('all');
  const [channel, setChannel] = useState<MessageChannelKind | Any>('all');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({
    page: String(page),
    limit: String(PAGE_SIZE),
    ...(state === 'all' ? {} : { state }),
    ...(channel === 'all' ? {} : { channel }),
  }).toString();
  const outbox = useOutbox(query);
  const { data, isPlaceholderData } = outbox;
  // Messages are never deleted and a filter change goes back to page 1: the page always exists.
  const pages = data ? pageCount(data.total, data.limit) : 1;

  const timeZone = useMemo(() => browserTimeZone(), []);

  const retry = (
    <Button variant="outline" size="sm" onClick={() => void outbox.refetch()}>
      {tc('actions.tryAgain')}
    </Button>
  );
  const filtered = state !== 'all' || channel !== 'all';
  let body;
  if (!data && outbox.isError) {
    body = (
      <EmptyState icon={AlertTriangle} title={t('messages.loadFailed')} action={retry} as="h3" />
    );
  } else if (!data) {
    body = <SectionSpinner />;
  } else if (data.messages.length === 0) {
    body = filtered ? (
      <EmptyState icon={SearchX} title={t('messages.noMatchTitle')} as="h3" />
    ) : (
      <EmptyState
        icon={Inbox}
        title={t('messages.emptyTitle')}
        text={t('messages.emptyText')}
        as="h3"
      />
    );
  } else {
    body = (
      <ul aria-label={t('messages.listLabel')} className="divide-y divide-border">
        {data.messages.map((message) => (
          <MessageItem key={message.id} message={message} timeZone={timeZone}>
            {/* In the sandbox this is the only place a local run's receipts can be read. */}
            <details className="text-sm">
              <summary className="w-fit cursor-pointer rounded-sm text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                {t('messages.showText')}
              </summary>
              <div className="mt-2 rounded-lg bg-muted/60 px-3 py-2 break-words whitespace-pre-wrap">
                {message.subject ? <p className="mb-1 font-medium">{message.subject}</p> : null}
                {message.body}
              </div>
            </details>
          </MessageItem>
        ))}
      </ul>
    );
  }
  const first = data ? (data.page - 1) * data.limit + 1 : 0;
  const last = data ? first + data.messages.length - 1 : 0;

  return (
    <section aria-labelledby="messages-heading" className="flex flex-col gap-4">
      <TabHeading id="messages-heading" title={t('messages.heading')}>
        <p className="text-sm text-muted-foreground">{t('messages.intro')}</p>
      </TabHeading>
      <div className="flex flex-wrap items-end gap-3">
        <LabelledSelect
          id="messages-state"
          label={t('messages.stateFilter')}
          value={state}
          onValueChange={(value) => {
            setState(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('messages.anyState') },
            ...OUTBOX_STATES.map((value) => ({ value, label: t(`messages.states.${value}`) })),
          ]}
          triggerClassName="w-44"
        />
        <LabelledSelect
          id="messages-channel"
          label={t('messages.channelFilter')}
          value={channel}
          onValueChange={(value) => {
            setChannel(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('messages.anyChannel') },
            ...MESSAGE_CHANNEL_KINDS.map((value) => ({
              value,
              label: t(`finance.messages.channels.${value}`),
            })),
          ]}
          triggerClassName="w-44"
        />
      </div>
      <PagedListCard
        showing={
          data && data.messages.length > 0
            ? t('messages.showing', { from: first, to: last, total: data.total })
            : null
        }
        staleError={outbox.isError && data ? { message: t('messages.loadFailed'), retry } : null}
        busy={outbox.isFetching && isPlaceholderData}
        page={page}
        pages={pages}
        onPage={setPage}
        pagination={
          data
            ? {
                label: t('messages.pagination.label'),
                previous: t('audit.pagination.previous'),
                next: t('audit.pagination.next'),
                position: t('audit.pagination.pageOf', { page, pages }),
              }
            : null
        }
      >
        {body}
      </PagedListCard>
    </section>
  );
}
