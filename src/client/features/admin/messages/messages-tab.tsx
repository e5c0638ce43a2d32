import { Inbox, MessageSquareWarning, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_CHANNEL_KINDS,
  OUTBOX_STATES,
  type MessageChannelKind,
  type OutboxState,
  type SmsBudgetUse,
} from '#shared/schemas/outbox';
import { EmptyState } from '#client/components/empty-state';
import { LabelledSelect } from '#client/components/ui/labelled-select';
import { MessageItem } from '#client/features/tracking';
import { useOutbox } from './outbox-queries';
import { browserTimeZone } from '../audit-filters';
import { PagedListCard } from '../paged-list-card';
import { TabHeading } from '../tab-heading';

const PAGE_SIZE = 50;
type Any = 'all';

/**
 * The messages to voters (receipts, refund and dispute notices, lookup codes), newest first, with
 * where each stands: on results night, the failed ones are one filter away.
 */
export function MessagesTab() {
  const { t } = useTranslation('admin');
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
  // Unlike the audit trail's, this page never needs stepping back: messages are never deleted,
  // and a filter change goes back to page 1, so the page asked for always exists.
  const { data } = outbox;

  const timeZone = useMemo(() => browserTimeZone(), []);

  const filtered = state !== 'all' || channel !== 'all';

  return (
    <section aria-labelledby="messages-heading" className="flex flex-col gap-4">
      <TabHeading id="messages-heading" title={t('messages.heading')}>
        <p className="text-sm text-muted-foreground">{t('messages.intro')}</p>
      </TabHeading>
      {data ? <SmsBudgetAlert use={data.smsBudget} /> : null}
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
        texts="messages"
        query={outbox}
        shown={
          data && { rows: data.messages, total: data.total, page: data.page, pageSize: data.limit }
        }
        page={page}
        onPage={setPage}
        empty={
          filtered ? (
            <EmptyState icon={SearchX} title={t('messages.noMatchTitle')} as="h3" />
          ) : (
            <EmptyState
              icon={Inbox}
              title={t('messages.emptyTitle')}
              text={t('messages.emptyText')}
              as="h3"
            />
          )
        }
      >
        {(message) => (
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
        )}
      </PagedListCard>
    </section>
  );
}

/**
 * Once the site's SMS of the last hour reach SMS_BUDGET_PER_HOUR, voters asking for a code or a
 * receipt again get it by e-mail only (or not at all): the organiser has to know, and why.
 */
function SmsBudgetAlert({ use }: { use: SmsBudgetUse }) {
  const { t } = useTranslation('admin');
  if (use.lastHour < use.perHour) return null;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
    >
      <MessageSquareWarning aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div>
        <p className="font-medium">{t('messages.smsBudget.title')}</p>
        <p className="text-muted-foreground">
          {t('messages.smsBudget.text', { lastHour: use.lastHour, perHour: use.perHour })}
        </p>
      </div>
    </div>
  );
}
