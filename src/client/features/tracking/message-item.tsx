import { Mail, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMessage } from '#shared/schemas/payment-messages';
import { Badge } from '#client/components/ui/badge';
import { useLanguage } from '#client/lib/use-language';
import { messageState, type MessageState } from './message-state';
import { formatDateTime } from '#shared/format-date';

const VARIANTS = {
  queued: 'muted',
  retrying: 'warning',
  sent: 'accent',
  delivered: 'success',
  undeliverable: 'destructive',
  failed: 'destructive',
  sandbox: 'outline',
} as const satisfies Record<MessageState, string>;

const KINDS = ['receipt', 'refund', 'dispute', 'lookup-code'] as const;
const isKnownKind = (kind: string): kind is (typeof KINDS)[number] =>
  (KINDS as readonly string[]).includes(kind);

interface MessageItemProps {
  message: PaymentMessage;
  /** The zone its times are written in. */
  timeZone: string;
  /** More about the message below its state (the admin's Messages tab shows its text). */
  children?: ReactNode;
}

/**
 * One message to a voter: channel and kind, where it went, how far it got and when, and why it
 * failed. Voter tracking's Messages dialog and the admin's Messages tab both list these.
 */
export function MessageItem({ message, timeZone, children }: MessageItemProps) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const state = messageState(message);
  const at = (iso: string) => formatDateTime(iso, language, timeZone);
  const ChannelIcon = message.channel === 'sms' ? Smartphone : Mail;
  return (
    <li className="flex flex-col gap-1 px-3 py-2.5 text-sm" data-testid="payment-message">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="inline-flex items-center gap-1.5 font-medium">
          <ChannelIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          {t(`messages.channels.${message.channel}`)}
          <span className="text-muted-foreground">·</span>
          {isKnownKind(message.kind) ? t(`messages.kinds.${message.kind}`) : message.kind}
        </span>
        <Badge variant={VARIANTS[state]} title={t(`messages.stateHints.${state}`)}>
          {t(`messages.states.${state}`)}
        </Badge>
      </div>
      <p className="break-all text-muted-foreground">{message.recipient}</p>
      <p className="text-xs text-muted-foreground tabular-nums">
        {[
          t('messages.written', { at: at(message.createdAt) }),
          // The sandbox stamps the moment it kept a message, but nothing was sent then.
          message.sentAt && state !== 'sandbox'
            ? t('messages.sentAt', { at: at(message.sentAt) })
            : null,
          message.deliveredAt ? t('messages.deliveredAt', { at: at(message.deliveredAt) }) : null,
          message.attempts > 1 ? t('messages.attempts', { count: message.attempts }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {message.lastError && state !== 'sent' && state !== 'sandbox' && state !== 'delivered' ? (
        <p className="text-xs break-words text-destructive">
          {t('messages.lastError', { error: message.lastError })}
        </p>
      ) : null}
      {children}
    </li>
  );
}
