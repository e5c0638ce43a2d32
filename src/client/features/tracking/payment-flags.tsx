import { ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { holdRequestSchema, type PaymentFlag } from '#shared/schemas/payment-flags';
import type { TrackingPayment } from '#shared/schemas/tracking';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/toast-store';
import { isUnauthorizedError, serverMessage } from '#client/lib/api-error';
import { useLanguage } from '#client/lib/use-language';
import { MoneyActionDialog, MoneyActionFooter, ReasonField } from './money-action-parts';
import { useClearFlags, useHoldPayment } from './api/use-flag-decisions';
import { shortPaymentId } from './payment-display';
import { flagExplanation } from './flag-explanation';

type FlaggedPayment = Pick<TrackingPayment, 'id' | 'status' | 'flags'>;

const isOpen = (flag: PaymentFlag) => flag.clearedAt === null;

/**
 * Beside a payment's status: "Flagged" while a velocity flag waits for the organiser, "Flags
 * cleared" once they found nothing wrong. A flag never blocked the payment.
 */
export function FlagBadge({ flags }: { flags: readonly PaymentFlag[] }) {
  const { t } = useTranslation('tracking');
  if (!flags.length) return null;
  const open = flags.filter(isOpen).length;
  return open > 0 ? (
    <Badge variant="warning">
      <ShieldAlert aria-hidden="true" />
      {t('flags.badge', { count: open })}
    </Badge>
  ) : (
    <Badge variant="muted">{t('flags.cleared')}</Badge>
  );
}

/**
 * The Flags button of a flagged payment: each flag explained, then the organiser's decision. Hold
 * for review (a reason is required: it is the confirmation, and the audit trail keeps it) or
 * clear the flags; the refund is the row's own Refund, with its own confirmation.
 */
export function FlagsDialog({ payment }: { payment: FlaggedPayment }) {
  const { t } = useTranslation('tracking');
  const id = shortPaymentId(payment.id);
  return (
    <MoneyActionDialog
      icon={ShieldAlert}
      action={t('flags.action')}
      paymentLabel={id}
      title={t('flags.title', { id })}
      description={t('flags.description')}
    >
      {(onDone) => <FlagsForm payment={payment} onDone={onDone} />}
    </MoneyActionDialog>
  );
}

function FlagsForm({ payment, onDone }: { payment: FlaggedPayment; onDone: () => void }) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const ids = useId();
  const hold = useHoldPayment(payment.id);
  const clear = useClearFlags(payment.id);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; form?: string }>({});
  const anyOpen = payment.flags.some(isOpen);
  const canHold = anyOpen && payment.status === 'completed';
  const refused = (error: Error) => {
    if (isUnauthorizedError(error)) return;
    setErrors({ form: serverMessage(error) ?? t('flags.errors.failed') });
  };

  function submitHold(event: FormEvent) {
    event.preventDefault();
    const parsed = holdRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setErrors({ reason: t('flags.errors.reason') });
      return;
    }
    setErrors({});
    hold.mutate(parsed.data, {
      onSuccess: () => {
        onDone();
        toast({ title: t('flags.held') });
      },
      onError: refused,
    });
  }

  function submitClear() {
    setErrors({});
    const trimmed = reason.trim();
    clear.mutate(trimmed ? { reason: trimmed } : {}, {
      onSuccess: (result) => {
        onDone();
        toast({ title: t('flags.clearedDone', { count: result.cleared }) });
      },
      onError: refused,
    });
  }

  return (
    <form noValidate onSubmit={submitHold} className="flex flex-col gap-4">
      <ul className="flex flex-col gap-2 rounded-lg bg-muted/60 p-3 text-sm">
        {payment.flags.map((flag) => (
          <li key={flag.kind} className="flex flex-col gap-1">
            <span>{flagExplanation(t, flag, language)}</span>
            {isOpen(flag) ? null : (
              <span className="text-xs text-muted-foreground">{t('flags.clearedNote')}</span>
            )}
          </li>
        ))}
      </ul>
      {anyOpen ? (
        <>
          <p className="text-sm text-muted-foreground">
            {canHold ? t('flags.decide') : t('flags.decideNotCompleted')}
          </p>
          <ReasonField
            id={`${ids}-reason`}
            value={reason}
            error={errors.reason}
            onChange={setReason}
          />
          <Button
            type="button"
            variant="outline"
            disabled={clear.isPending}
            aria-busy={clear.isPending || undefined}
            onClick={submitClear}
          >
            {t('flags.clear')}
          </Button>
        </>
      ) : null}
      <MoneyActionFooter
        formError={errors.form}
        pending={hold.isPending}
        submitLabel={t('flags.hold')}
        destructive
        canSubmit={canHold}
        onCancel={onDone}
      />
    </form>
  );
}
