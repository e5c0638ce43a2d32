import { CalendarX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button-variants';
import { VotingCountdown } from '#client/features/event';

/** In place of the payment form while voting is not open: why, when it opens, and the way back. */
export function VotingClosedNotice({ reason }: { reason: string }) {
  const { t } = useTranslation('checkout');
  return (
    <div
      role="status"
      data-testid="voting-closed-notice"
      className="flex flex-col items-center gap-3 py-6 text-center"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-muted text-ink-700">
        <CalendarX className="size-6" aria-hidden="true" />
      </span>
      <p className="font-display text-xl font-semibold text-foreground">{reason}</p>
      <p className="max-w-xs text-sm text-muted-foreground">{t('votingClosed.text')}</p>
      <VotingCountdown className="text-ink-700" />
      <Link href="/categories" className={buttonVariants({ variant: 'outline' })}>
        {t('backToNominees')}
      </Link>
    </div>
  );
}
