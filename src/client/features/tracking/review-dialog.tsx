import { Scale } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { creditedShare, parseAmountMismatch } from '#shared/amount-mismatch';
import { creditRequestSchema } from '#shared/schemas/payment';
import { holdReasonOf } from '#shared/held-for-review';
import type { TrackingPayment } from '#shared/schemas/tracking';
import { toast } from '#client/components/ui/toast-store';
import { isUnauthorizedError, serverMessage } from '#client/lib/api-error';
import { formatMoney } from '#client/lib/format-money';
import { useLanguage } from '#client/lib/use-language';
import { MoneyActionDialog, MoneyActionFooter, ReasonField } from './money-action-parts';
import { useCreditPayment } from './api/use-credit-payment';
import { shortPaymentId } from './payment-display';

type ReviewedPayment = Pick<
  TrackingPayment,
  'id' | 'amount' | 'currency' | 'totalVotes' | 'failureReason'
>;

/**
 * The Review button of a payment in review: held by an organiser (its reason, and a credit counts
 * its votes again under its receipt), or held because its money did not match the order: what we asked
 * for beside what the provider reported, what a credit would count (every vote, or the fewer
 * whole votes short money pays for), and the credit action with a required reason. Refunding is
 * the row's other action.
 */
export function ReviewDialog({ payment }: { payment: ReviewedPayment }) {
  const { t } = useTranslation('tracking');
  const id = shortPaymentId(payment.id);
  return (
    <MoneyActionDialog
      icon={Scale}
      action={t('review.action')}
      paymentLabel={id}
      title={t('review.title', { id })}
      description={
        holdReasonOf(payment.failureReason) === null
          ? t('review.description')
          : t('review.heldDescription')
      }
    >
      {(onDone) => <ReviewForm payment={payment} onDone={onDone} />}
    </MoneyActionDialog>
  );
}

function ReviewForm({ payment, onDone }: { payment: ReviewedPayment; onDone: () => void }) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const ids = useId();
  const credit = useCreditPayment(payment.id);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; form?: string }>({});
  const money = (amount: number, currency: string) => formatMoney(amount, currency, language);
  const report = parseAmountMismatch(payment.failureReason);
  const held = holdReasonOf(payment.failureReason);
  const share = creditedShare(payment, report);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = creditRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setErrors({ reason: t('review.errors.reason') });
      return;
    }
    setErrors({});
    credit.mutate(parsed.data, {
      onSuccess: (result) => {
        // Close the dialog, then say what was done.
        onDone();
        toast({
          title: t('review.done', { count: result.countedVotes }),
          description: t('review.receipt', { code: result.receiptCode }),
        });
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        setErrors({ form: serverMessage(error) ?? t('review.errors.failed') });
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <dl className="grid gap-x-4 gap-y-1 rounded-lg bg-muted/60 p-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">{t('review.ours')}</dt>
        <dd className="font-medium tabular-nums sm:text-right">
          {t('review.order', {
            amount: money(payment.amount, payment.currency),
            count: payment.totalVotes,
          })}
        </dd>
        <dt className="text-muted-foreground">
          {held === null ? t('review.theirs') : t('review.heldBy')}
        </dt>
        {held !== null ? (
          <dd className="break-words sm:text-right">{held}</dd>
        ) : report ? (
          <dd className="font-medium tabular-nums sm:text-right">
            {t('review.reported', {
              amount: money(report.reported.amount, report.reported.currency),
            })}
          </dd>
        ) : (
          <dd className="font-mono text-xs break-words sm:text-right">
            {payment.failureReason ?? '—'}
          </dd>
        )}
      </dl>
      <p className="text-sm text-muted-foreground">
        {!share
          ? t('review.creditNone')
          : share.votes === payment.totalVotes
            ? t('review.creditAll', { count: share.votes })
            : t('review.creditPart', {
                count: share.votes,
                total: payment.totalVotes,
                amount: money(share.amount, payment.currency),
              })}
      </p>
      {share ? (
        <ReasonField
          id={`${ids}-reason`}
          value={reason}
          error={errors.reason}
          onChange={setReason}
        />
      ) : null}
      <MoneyActionFooter
        formError={errors.form}
        pending={credit.isPending}
        submitLabel={t('review.submit')}
        canSubmit={share !== null}
        onCancel={onDone}
      />
    </form>
  );
}
