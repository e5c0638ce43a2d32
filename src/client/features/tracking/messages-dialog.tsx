import { Loader2, MessageSquare, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TrackingPayment } from '#shared/schemas/tracking';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/toast-store';
import { isUnauthorizedError, serverMessage } from '#client/lib/api-error';
import { MoneyActionDialog } from './money-action-parts';
import { MessageItem } from './message-item';
import { shortPaymentId } from './payment-display';
import { usePaymentMessages, useResendReceipt } from './api/payment-messages-queries';
import type { TrackingTimeZone } from './tracking-timezone';

type MessagedPayment = Pick<TrackingPayment, 'id' | 'status' | 'amount' | 'refundedAmount'>;

/**
 * A completed payment, or one partly refunded whose remaining money still counts votes: its
 * receipt, sent again, lists those votes (the server has the last word on the count).
 */
const hasReceiptToResend = (payment: MessagedPayment) =>
  payment.status === 'completed' ||
  (payment.status === 'refunded' && payment.refundedAmount < payment.amount);

/**
 * The Messages button of a payment with a receipt: what the voter was sent (receipt, refund and
 * dispute notices, by SMS and e-mail), each with how far it got, and, for a payment whose votes
 * still count, the receipt sent again.
 */
export function MessagesDialog({
  payment,
  timeZone,
}: {
  payment: MessagedPayment;
  timeZone: TrackingTimeZone;
}) {
  const { t } = useTranslation('tracking');
  const id = shortPaymentId(payment.id);
  return (
    <MoneyActionDialog
      icon={MessageSquare}
      action={t('messages.action')}
      paymentLabel={id}
      title={t('messages.title', { id })}
      description={t('messages.description')}
    >
      {(onDone) => <MessagesPanel payment={payment} timeZone={timeZone} onDone={onDone} />}
    </MoneyActionDialog>
  );
}

function MessagesPanel({
  payment,
  timeZone,
  onDone,
}: {
  payment: MessagedPayment;
  timeZone: TrackingTimeZone;
  onDone: () => void;
}) {
  const { t } = useTranslation('tracking');
  const query = usePaymentMessages(payment.id);
  const resend = useResendReceipt(payment.id);

  function resendReceipt() {
    resend.mutate(undefined, {
      onSuccess: ({ messages }) =>
        toast({
          title: t('messages.resent', {
            channels: messages.map((m) => t(`messages.channels.${m.channel}`)).join(', '),
          }),
        }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({
          title: t('messages.resendFailed'),
          description: serverMessage(error),
          variant: 'destructive',
        });
      },
    });
  }

  let body;
  if (query.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p className="font-medium text-destructive">{t('messages.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('messages.retry')}
        </Button>
      </div>
    );
  } else if (!query.data) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {t('messages.loading')}
      </p>
    );
  } else if (query.data.messages.length === 0) {
    body = <p className="text-sm text-muted-foreground">{t('messages.empty')}</p>;
  } else {
    body = (
      <ul
        aria-label={t('messages.listLabel')}
        className="flex max-h-[50vh] flex-col divide-y divide-border overflow-y-auto rounded-lg border border-border"
      >
        {query.data.messages.map((message) => (
          <MessageItem key={message.id} message={message} timeZone={timeZone} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {body}
      {hasReceiptToResend(payment) ? (
        <p className="text-xs text-muted-foreground">{t('messages.resendHint')}</p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {t('messages.close')}
        </Button>
        {hasReceiptToResend(payment) ? (
          <Button
            type="button"
            disabled={resend.isPending}
            aria-busy={resend.isPending || undefined}
            onClick={resendReceipt}
          >
            {resend.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {t('messages.resend')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
