import { Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog';
import type { PollPhase } from './polling-schedule';
import { PollingStatusLine } from './polling-status';

/** The overlay counts down 20 s. */
export const OVERLAY_SECONDS = 20;
const RING_RADIUS = 44;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

interface MobileMoneyOverlayProps {
  /** When the voter pressed Pay; null when the overlay is closed. */
  openedAt: number | null;
  amount: string;
  ussdCode: string | null;
  phase: PollPhase | null;
}

/**
 * 'Check your phone' while the voter approves the prompt. Not dismissable: it closes by itself
 * (mobile-money-checkout decides when), and the page behind has nothing to do meanwhile.
 */
export function MobileMoneyOverlay({ openedAt, amount, ussdCode, phase }: MobileMoneyOverlayProps) {
  const { t } = useTranslation('checkout');
  return (
    <Dialog open={openedAt !== null}>
      <DialogContent
        hideClose
        className="max-w-sm text-center"
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        // The page moves focus to the payment status itself once the overlay closes.
        onCloseAutoFocus={(event) => event.preventDefault()}
        data-testid="mobile-money-overlay"
      >
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-gold-100 text-gold-700">
          <Smartphone className="size-7" aria-hidden="true" />
        </span>
        <DialogTitle className="text-2xl">{t('overlay.title')}</DialogTitle>
        <DialogDescription className="text-base text-foreground/80">
          {t('overlay.text', { amount })}
        </DialogDescription>
        {openedAt !== null ? <Countdown openedAt={openedAt} /> : null}
        <div role="status" aria-live="polite" className="flex min-h-6 justify-center">
          {phase ? <PollingStatusLine phase={phase} className="text-sm" /> : null}
        </div>
        {ussdCode ? (
          <p className="text-sm text-muted-foreground">{t('overlay.ussd', { code: ussdCode })}</p>
        ) : null}
        <p className="text-xs text-muted-foreground">{t('overlay.keepOpen')}</p>
      </DialogContent>
    </Dialog>
  );
}

function Countdown({ openedAt }: { openedAt: number }) {
  const { t } = useTranslation('checkout');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  const elapsed = Math.max(0, now - openedAt) / 1000;
  const remaining = Math.max(0, Math.ceil(OVERLAY_SECONDS - elapsed));
  const fraction = remaining / OVERLAY_SECONDS;

  if (remaining === 0) {
    return (
      <p className="font-semibold text-gold-800" data-testid="overlay-longer">
        {t('status.takingLonger')}
      </p>
    );
  }
  return (
    <div
      role="timer"
      aria-label={t('overlay.seconds', { count: remaining })}
      className="relative mx-auto size-28"
    >
      <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
        <circle
          cx="50"
          cy="50"
          r={RING_RADIUS}
          className="fill-none stroke-muted"
          strokeWidth="8"
        />
        <circle
          cx="50"
          cy="50"
          r={RING_RADIUS}
          className="fill-none stroke-gold-500 transition-[stroke-dashoffset] duration-300"
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={RING_LENGTH}
          strokeDashoffset={RING_LENGTH * (1 - fraction)}
        />
      </svg>
      <span
        aria-hidden="true"
        className="absolute inset-0 flex flex-col items-center justify-center"
        data-testid="overlay-countdown"
      >
        <span className="text-3xl font-bold text-ink-950 tabular-nums">{remaining}</span>
      </span>
    </div>
  );
}
