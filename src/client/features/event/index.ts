/**
 * What other features may use from the event: its query, its clock, the countdown, the voting gate
 * and the live counts.
 */
export { eventQuery, useEvent } from '#client/lib/event-query';
export { useLiveCounts } from './use-live-counts';
export { useVotingClock } from './use-voting-clock';
export { useVotingOpen, type VotingOpen } from './use-voting-open';
export { VotingClosedButton } from './voting-closed-button';
export { VotingCountdown } from './voting-countdown';
