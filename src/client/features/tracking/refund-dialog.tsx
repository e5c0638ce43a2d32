import { Undo2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountMismatch, receivedMoney } from '#shared/amount-mismatch';
import { refundRequestSchema, type RefundMethod } from '#shared/schemas/payment';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { SegmentedToggle } from '#client/components/ui/segmented-toggle';
import { toast } from '#client/components/ui/toast-store';
import { isUnauthorizedError, serverMessage } from '#client/lib/api-error';
import { formatMoney } from '#client/lib/format-money';
import { useLanguage } from '#client/lib/use-language';
import { MoneyActionDialog, MoneyActionFooter, ReasonField } from './money-action-parts';
import { useRefundPayment } from './api/use-refund-payment';
import { shortPaymentId, type RefundablePayment } from './payment-display';
import { amountInputValue, parseAmountInput } from './refund-amount';

/**
 * The Refund button of a payment in voter tracking, and the dialog it opens. A payment in review
 * is refunded in full: the money the provider reported goes back, so there is no amount to type.
 */
export function RefundDialog({ payment }: { payment: RefundablePayment }) {
  const { t } = useTranslation('tracking');
  const id = shortPaymentId(payment.id);
  return (
    <MoneyActionDialog
      icon={Undo2}
      action={t('refund.action')}
      paymentLabel={id}
      title={t('refund.title', { id })}
      description={t(
        payment.status === 'needs_review' ? 'refund.reviewHint' : 'refund.description',
      )}
    >
      {(onDone) => <RefundForm payment={payment} onDone={onDone} />}
    </MoneyActionDialog>
  );
}

function RefundForm({ payment, onDone }: { payment: RefundablePayment; onDone: () => void }) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const ids = useId();
  const refund = useRefundPayment(payment.id);
  const left = payment.amount - payment.refundedAmount;
  const received =
    payment.status === 'needs_review'
      ? receivedMoney(payment, parseAmountMismatch(payment.failureReason))
      : null;
  const [amountText, setAmountText] = useState(amountInputValue(left, payment.currency));
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<RefundMethod>('provider');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const money = (minor: number) => formatMoney(minor, payment.currency, language);

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = received ? undefined : parseAmountInput(amountText, payment.currency);
    const next: typeof errors = {};
    if (received) {
      // Nothing to check: the server sends back all the money received.
    } else if (amount === null || amount === undefined || amount <= 0) {
      next.amount = t('refund.errors.amount');
    } else if (amount > left) next.amount = t('refund.errors.tooMuch', { left: money(left) });
    const parsed = refundRequestSchema.safeParse({
      reason,
      amount: amount ?? undefined,
      method: payment.provider === 'campay' ? method : undefined,
    });
    if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'reason')) {
      next.reason = t('refund.errors.reason');
    }
    setErrors(next);
    if (next.amount || next.reason || !parsed.success) return;
    refund.mutate(parsed.data, {
      onSuccess: (result) => {
        // Close the dialog, then say what was done.
        onDone();
        toast({
          title: t('refund.done', {
            amount: received
              ? formatMoney(received.amount, received.currency, language)
              : money(result.refundedAmount),
          }),
          description: t('refund.votesLeft', { count: result.countedVotes }),
        });
      },
      onError: (error) => {
        // A 401 has its own toast and the way to sign in again.
        if (isUnauthorizedError(error)) return;
        setErrors({ form: serverMessage(error) ?? t('refund.errors.failed') });
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-muted/60 p-3 text-sm">
        {received ? (
          <>
            <dt className="text-muted-foreground">{t('refund.received')}</dt>
            <dd className="text-right font-semibold tabular-nums">
              {formatMoney(received.amount, received.currency, language)}
            </dd>
          </>
        ) : (
          <>
            <dt className="text-muted-foreground">{t('refund.paid')}</dt>
            <dd className="text-right font-medium tabular-nums">{money(payment.amount)}</dd>
            <dt className="text-muted-foreground">{t('refund.alreadyRefunded')}</dt>
            <dd className="text-right tabular-nums">{money(payment.refundedAmount)}</dd>
            <dt className="text-muted-foreground">{t('refund.left')}</dt>
            <dd className="text-right font-semibold tabular-nums">{money(left)}</dd>
          </>
        )}
      </dl>

      {payment.provider === 'campay' ? (
        <div className="flex flex-col gap-1.5">
          <SegmentedToggle
            label={t('refund.method')}
            value={method}
            onChange={setMethod}
            options={[
              { value: 'provider', label: t('refund.methods.provider') },
              { value: 'outside', label: t('refund.methods.outside') },
            ]}
            className="self-start"
          />
          <p className="text-xs text-muted-foreground">{t(`refund.methodHints.${method}`)}</p>
        </div>
      ) : null}

      {received ? null : (
        <FormField
          id={`${ids}-amount`}
          label={t('refund.amount', { currency: payment.currency })}
          required
          hint={t('refund.amountHint')}
          error={errors.amount}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              required
            />
          )}
        </FormField>
      )}

      <ReasonField
        id={`${ids}-reason`}

        value={reason}

        error={errors.reason}

        onChange={setReason}
      />

      <MoneyActionFooter
        formError={errors.form}

        pending={refund.isPending}

        submitLabel={t('refund.submit')}

        destructive

        onCancel={onDone}
      />
    </form>
  );
}
