/** What other features may use from the event: its query, its clock, the countdown and the voting gate. */
export { eventQuery, useEvent } from './api/event-query';
export { countdownText } from './countdown-text';
export { useVotingClock } from './use-voting-clock';
export { useVotingOpen } from './use-voting-open';
export { VotingClosedButton } from './voting-closed-button';
export { VotingCountdown } from './voting-countdown';
