import { Loader2, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '#shared/schemas/payment';
import { lookupPhoneSchema } from '#shared/schemas/receipt';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { toast } from '#client/components/ui/toast-store';

/** Whose receipts, checked by the shared schemas: the e-mail lower-cased, the phone as 237…. */
export type LookupContact = { email: string } | { phoneNumber: string };

interface ReceiptLookupFormProps {
  searching: boolean;
  onSearch: (contact: LookupContact) => void;
  /** What the fields start with (the contact being changed after a code was asked for). */
  initial?: LookupContact | undefined;
}

/**
 * One e-mail field and one phone field: typing in one clears and
 * disables the other, so it is always clear which one the search uses.
 */
export function ReceiptLookupForm({ searching, onSearch, initial }: ReceiptLookupFormProps) {
  const { t } = useTranslation('receipts');
  const id = useId();
  const [email, setEmail] = useState(initial && 'email' in initial ? initial.email : '');
  const [phone, setPhone] = useState(
    initial && 'phoneNumber' in initial ? `+${initial.phoneNumber}` : '',
  );
  const emailId = `${id}-email`;
  const phoneId = `${id}-phone`;
  const phoneHintId = `${id}-phone-hint`;
  const disabledHintId = `${id}-disabled-hint`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) {
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) {
        toast({
          title: t('form.invalidEmailTitle'),
          description: t('form.invalidEmailText'),
          variant: 'destructive',
        });
        return;
      }
      onSearch({ email: parsed.data });
    } else if (phone.trim()) {
      const parsed = lookupPhoneSchema.safeParse(phone);
      if (!parsed.success) {
        toast({
          title: t('form.invalidPhoneTitle'),
          description: t('form.invalidPhoneText'),
          variant: 'destructive',
        });
        return;
      }
      onSearch({ phoneNumber: parsed.data });
    } else {
      toast({
        title: t('form.missingTitle'),
        description: t('form.missingText'),
        variant: 'destructive',
      });
    }
  };

  const emailDisabled = phone !== '';
  const phoneDisabled = email !== '';

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('form.label')}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={emailId}>{t('form.emailLabel')}</Label>
        <Input
          id={emailId}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('form.emailPlaceholder')}
          value={email}
          disabled={emailDisabled}
          aria-describedby={emailDisabled ? disabledHintId : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            if (event.target.value) setPhone('');
          }}
        />
      </div>
      <div className="flex items-center gap-3 text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        {t('form.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={phoneId}>{t('form.phoneLabel')}</Label>
        <Input
          id={phoneId}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('form.phonePlaceholder')}
          value={phone}
          disabled={phoneDisabled}
          aria-describedby={phoneDisabled ? `${phoneHintId} ${disabledHintId}` : phoneHintId}
          onChange={(event) => {
            setPhone(event.target.value);
            if (event.target.value) setEmail('');
          }}
        />
        <p id={phoneHintId} className="text-sm text-muted-foreground">
          {t('form.phoneHint')}
        </p>
      </div>
      <p id={disabledHintId} className="sr-only">
        {t('form.disabledHint')}
      </p>
      <Button
        type="submit"
        size="lg"
        disabled={searching}
        className="w-full sm:w-auto sm:self-start"
      >
        {searching ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Search aria-hidden="true" />
        )}
        {searching ? t('form.sending') : t('form.search')}
      </Button>
    </form>
  );
}
