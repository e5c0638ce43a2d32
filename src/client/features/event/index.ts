/** What other features may use from the event: its query, the countdown and the voting gate. */
export { eventQuery, useEvent } from './api/event-query';
export { VotingClosedButton } from './voting-closed-button';
export { VotingCountdown } from './voting-countdown';
export { useVotingOpen } from './use-voting-open';
