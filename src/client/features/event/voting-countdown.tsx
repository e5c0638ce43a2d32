import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#client/lib/cn';
import { countdownText } from '#shared/countdown-text';
import { useVotingClock } from './use-voting-clock';

/**
 * "Voting closes in 2 d 03:14:05", "Voting opens in ...", or "Voting has closed". A timer role
 * (not a live region): a screen reader reads it when reached, not every second.
 */
export function VotingCountdown({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { status, remainingMs } = useVotingClock('second');
  if (status === undefined) return null;
  let text: string;
  if (status === 'closed') text = t('voting.closed');
  else if (remainingMs === null) return null;
  else {
    const time = countdownText(remainingMs, t('voting.dayUnit'));
    text = t(status === 'upcoming' ? 'voting.opensIn' : 'voting.closesIn', { time });
  }
  return (
    <p
      role="timer"
      data-testid="voting-countdown"
      className={cn('inline-flex items-center gap-2 text-sm font-semibold tabular-nums', className)}
    >
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
