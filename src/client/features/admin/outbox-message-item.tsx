import { Mail, MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OutboxMessageView } from '#shared/schemas/outbox';
import { MessageStateBadge } from './message-state-badge';

const ICONS = { sms: MessageSquareText, email: Mail } as const;

interface OutboxMessageItemProps {
  message: OutboxMessageView;
  /** Formats an instant in the tab's time zone and language. */
  formatAt: (iso: string) => string;
}

/**
 * One message: what and to whom, when, where it stands and why, and its text behind a
 * disclosure (in the sandbox it is the only place a receipt of a local run can be read).
 */
export function OutboxMessageItem({ message, formatAt }: OutboxMessageItemProps) {
  const { t } = useTranslation('admin');
  const Icon = ICONS[message.channel];
  const kind = t(`messages.kinds.${message.kind}`, { defaultValue: message.kind });
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2 font-medium">
          <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">{t(`finance.messages.channels.${message.channel}`)}</span>
          <span>{kind}</span>
          <span className="min-w-0 font-normal break-all text-muted-foreground">
            {message.recipient}
          </span>
        </p>
        <MessageStateBadge message={message} />
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground tabular-nums">
        <span>
          {t('messages.written')}{' '}
          <time dateTime={message.createdAt}>{formatAt(message.createdAt)}</time>
        </span>
        {message.sentAt ? (
          <span>
            {t('messages.sentAt')} <time dateTime={message.sentAt}>{formatAt(message.sentAt)}</time>
          </span>
        ) : null}
        {message.deliveredAt ? (
          <span>
            {t('messages.deliveredAt')}{' '}
            <time dateTime={message.deliveredAt}>{formatAt(message.deliveredAt)}</time>
          </span>
        ) : null}
        <span>{t('messages.attempts', { count: message.attempts })}</span>
      </p>
      {message.lastError || message.deliveryDetail ? (
        <p className="text-xs break-words text-destructive">
          {message.lastError ?? message.deliveryDetail}
        </p>
      ) : null}
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded-sm text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {t('messages.showText')}
        </summary>
        <div className="mt-2 rounded-lg bg-muted/60 px-3 py-2 whitespace-pre-wrap break-words">
          {message.subject ? <p className="mb-1 font-medium">{message.subject}</p> : null}
          {message.body}
        </div>
      </details>
    </li>
  );
}
