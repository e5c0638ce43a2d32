/** What other features may use from the event: its shared query, the server's clock, countdowns. */
export { eventQuery, useEvent } from './api/event-query';
export { countdown, type Countdown } from './countdown';
export { useServerNow } from './use-server-now';
