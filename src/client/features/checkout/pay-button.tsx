import { Loader2, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/components/ui/button';

interface PayButtonProps {
  amount: string;
  busy: boolean;
  disabled: boolean;
}

/** The card form's submit button: 'Pay $n.nn', or progress while the payment runs. */
export function CardPayButton({ amount, busy, disabled }: PayButtonProps) {
  const { t } = useTranslation('checkout');
  return (
    <Button type="submit" variant="accent" size="lg" className="w-full" disabled={disabled || busy}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
      {busy ? t('card.paying') : t('card.pay', { amount })}
    </Button>
  );
}
