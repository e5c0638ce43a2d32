import { CheckCircle2, Hourglass, Loader2, WifiOff } from 'lucide-react';
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

/**
 * A payment in review: the voter is not to pay again, and the page keeps checking it and shows the
 * outcome (a receipt, a refund, a failure) when an organiser decides, now or on a later visit.
 */
export function ReviewNotice({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation('checkout');
  return (
    <section
      aria-labelledby="review-notice-title"
      className="flex gap-3 rounded-xl border border-gold-300 bg-gold-50 p-3 text-ink-950"
      data-testid="review-notice"
    >
      <Hourglass className="mt-0.5 size-5 shrink-0 text-gold-700" aria-hidden="true" />
      <div>
        <h3 id="review-notice-title" className="font-semibold">
          {t('review.title')}
        </h3>
        <p className="mt-1 text-sm text-ink-700">
          {t('review.text', { id: paymentId.slice(0, 8) })}
        </p>
      </div>
    </section>
  );
}
