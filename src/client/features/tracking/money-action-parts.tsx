import { Loader2, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';

/**
 * A payment's action button in voter tracking (named with the payment's short id) and the dialog
 * it opens. The form is mounted only while open, so each opening starts from the payment as it
 * stands now.
 */
export function MoneyActionDialog({
  icon: Icon,
  action,
  paymentLabel,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  action: string;
  /** The payment as the button names it (its short id). */
  paymentLabel: string;
  title: string;
  description: string;
  children: (onDone: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`${action} ${paymentLabel}`}>
          <Icon aria-hidden="true" />
          {action}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader className="pr-10">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children(() => setOpen(false)) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The reason every admin action on money asks for; the audit trail keeps it. */
export function ReasonField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('tracking');
  return (
    <FormField
      id={id}
      label={t('refund.reason')}
      required
      hint={t('refund.reasonHint')}
      error={error}
    >
      {(control) => (
        <Textarea
          {...control}
          rows={3}
          maxLength={500}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required
        />
      )}
    </FormField>
  );
}

/**
 * The server's refusal, if any, then Cancel and the action (a spinner while it runs). Without
 * `canSubmit` only Cancel shows: the dialog has said why nothing can be done here.
 */
export function MoneyActionFooter({
  formError,
  pending,
  submitLabel,
  destructive = false,
  canSubmit = true,
  onCancel,
}: {
  formError: string | undefined;
  pending: boolean;
  submitLabel: string;
  destructive?: boolean;
  canSubmit?: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('tracking');
  return (
    <>
      {formError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('refund.cancel')}
        </Button>
        {canSubmit ? (
          <Button
            type="submit"
            variant={destructive ? 'destructive' : 'default'}
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {submitLabel}
          </Button>
        ) : null}
      </div>
    </>
  );
}
