import { CreditCard, Smartphone, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#client/lib/cn';

export type PaymentMethod = 'mobileMoney' | 'card';

interface MethodOption {
  method: PaymentMethod;
  icon: LucideIcon;
  label: string;
  hint: string;
  total: string;
  perVote: string;
  available: boolean;
}

interface PaymentMethodToggleProps {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** Each method's total, already formatted: XAF for mobile money, USD for card. */
  mobileMoneyTotal: string;
  cardTotal: string;
  mobileMoneyPrice: string;
  cardPrice: string;
  mobileMoneyAvailable: boolean;
  cardAvailable: boolean;
  disabled: boolean;
}

/**
 * Mobile Money (XAF) or Card (USD), each showing its own total. Native radio buttons
 * under the cards, so arrow keys and screen readers work as for any radio group.
 */
export function PaymentMethodToggle(props: PaymentMethodToggleProps) {
  const { t } = useTranslation('checkout');
  const options: MethodOption[] = [
    {
      method: 'mobileMoney',
      icon: Smartphone,
      label: t('method.mobileMoney'),
      hint: t('method.mobileMoneyHint'),
      total: props.mobileMoneyTotal,
      perVote: t('method.perVote', { price: props.mobileMoneyPrice }),
      available: props.mobileMoneyAvailable,
    },
    {
      method: 'card',
      icon: CreditCard,
      label: t('method.card'),
      hint: t('method.cardHint'),
      total: props.cardTotal,
      perVote: t('method.perVote', { price: props.cardPrice }),
      available: props.cardAvailable,
    },
  ];

  return (
    <fieldset disabled={props.disabled} className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-foreground">{t('method.heading')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => {
          const checked = props.value === option.method;
          const Icon = option.icon;
          return (
            <label
              key={option.method}
              className={cn(
                'relative flex cursor-pointer flex-col gap-1 rounded-xl border-2 p-3 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-ink-900 bg-ink-50' : 'border-border bg-card hover:border-ink-300',
                !option.available && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name="payment-method"
                value={option.method}
                checked={checked}
                disabled={!option.available}
                onChange={() => props.onChange(option.method)}
                className="sr-only"
              />
              <span className="flex items-center gap-2 font-semibold text-foreground">
                <Icon className="size-5 shrink-0 text-ink-700" aria-hidden="true" />
                {option.label}
              </span>
              <span className="text-xs text-muted-foreground">
                {option.available ? option.hint : t('method.unavailable')}
              </span>
              <span className="mt-1 text-lg font-bold text-ink-950 tabular-nums">
                {option.total}
              </span>
              <span className="text-xs text-muted-foreground">{option.perVote}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
