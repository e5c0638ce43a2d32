import { useTranslation } from 'react-i18next';
import type { OutboxMessageView } from '#shared/schemas/outbox';
import { Badge, type BadgeProps } from '#client/components/ui/badge';

type Shown = OutboxMessageView['state'] | 'delivered' | 'undeliverable';

const VARIANTS = {
  pending: 'accent',
  sent: 'outline',
  delivered: 'success',
  sandbox: 'muted',
  failed: 'destructive',
  undeliverable: 'destructive',
} as const satisfies Record<Shown, BadgeProps['variant']>;

/**
 * Where a message stands as an organiser reads it: what the delivery reports said when the gateway
 * sends them (delivered, undeliverable), else the outbox's own state.
 */
export function MessageStateBadge({
  message,
}: {
  message: Pick<OutboxMessageView, 'state' | 'deliveryStatus'>;
}) {
  const { t } = useTranslation('admin');
  const shown: Shown =
    message.state === 'sent' && message.deliveryStatus && message.deliveryStatus !== 'submitted'
      ? message.deliveryStatus
      : message.state;
  return <Badge variant={VARIANTS[shown]}>{t(`messages.states.${shown}`)}</Badge>;
}
