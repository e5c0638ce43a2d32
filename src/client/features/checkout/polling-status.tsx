import { CheckCircle2, Loader2, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#client/lib/cn';
import type { PollPhase } from './polling-schedule';

/** The phase's message with an icon that matches its mood. */
export function PollingStatusLine({ phase, className }: { phase: PollPhase; className?: string }) {
  const { t } = useTranslation('checkout');
  const Icon =
    phase === 'confirmed' ? CheckCircle2 : phase === 'connectionLost' ? WifiOff : Loader2;
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold', className)}>
      <Icon
        className={cn(
          'size-5 shrink-0',
          phase === 'confirmed' && 'text-success',
          phase === 'connectionLost' && 'text-destructive',
          Icon === Loader2 && 'animate-spin text-gold-600',
        )}
        aria-hidden="true"
      />
      <span data-testid="polling-status">{t(`status.${phase}`)}</span>
    </span>
  );
}

/** The banner on the page while a payment is followed; read out politely as it changes. */
export function PollingStatusBanner({ phase }: { phase: PollPhase | null }) {
  const { t } = useTranslation('checkout');
  return (
    <div role="status" aria-live="polite" aria-atomic="true" aria-label={t('status.label')}>
      {phase ? (
        <div className="flex flex-col gap-1 rounded-xl border border-gold-300 bg-gold-50 p-3 text-ink-950">
          <PollingStatusLine phase={phase} />
          {phase !== 'confirmed' ? (
            <p className="text-sm text-ink-700">{t('status.keepOpen')}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
