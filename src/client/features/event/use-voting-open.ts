import { useTranslation } from 'react-i18next';
import { useVotingClock } from './use-voting-clock';

/** Whether a voter may start a payment now, and if not, why in the interface language. */
export interface VotingOpen {
  open: boolean;
  reason: string | null;
}

/**
 * Whether a voter may start a payment now (VotingOpen). While the event is still loading, voting
 * counts as open: the server refuses a payment outside the window anyway, and buttons should not
 * flash disabled on every page load. A list of many Vote buttons asks once and hands the answer to
 * each: every caller follows the clock to the next edge.
 */
export function useVotingOpen(): VotingOpen {
  const { t } = useTranslation('common');
  const { status } = useVotingClock();
  if (status === 'upcoming') return { open: false, reason: t('voting.notOpenYet') };
  if (status === 'closed') return { open: false, reason: t('voting.closed') };
  return { open: true, reason: null };
}
