/** What other features may use from the event: its shared query, the server's clock, dates. */
export { eventQuery, useEvent } from './api/event-query';
export { countdown, type Countdown } from './countdown';
export { formatEventDate } from './format-event-date';
export { useServerNow } from './use-server-now';
