/**
 * When to ask the server about a pending mobile-money payment, and what to tell the voter
 * meanwhile. Pure, so the timings are unit-tested
 * without a browser; use-payment-polling.ts runs it with real timers.
 *
 * The check made at once after initiation (or on reload) is not one of the counted attempts.
 * Then up to 11 attempts: the first after 8 s (the voter is still reading the prompt on their
 * phone), attempts 2 to 7 after 2 s each, attempts 8 to 11 after 2.5 s each, about 30 s in all.
 * After that the 'Did you complete the transaction?' panel shows and up to 18 more attempts run
 * every 10 s (3 more minutes), then checking stops until the voter presses Check Status.
 */
export const PRIMARY_ATTEMPTS = 11;
export const EXTENDED_ATTEMPTS = 18;
export const FIRST_DELAY_MS = 8_000;
export const QUICK_DELAY_MS = 2_000;
/** Attempts 2 to 7 use QUICK_DELAY_MS. */
export const LAST_QUICK_ATTEMPT = 7;
export const LATE_DELAY_MS = 2_500;
export const EXTENDED_DELAY_MS = 10_000;

export type PollStage = 'primary' | 'extended';

/** How many counted attempts have been made in the current stage. */
export interface PollCursor {
  stage: PollStage;
  attempts: number;
}

export const START_CURSOR: PollCursor = { stage: 'primary', attempts: 0 };

export interface NextPoll {
  delayMs: number;
  /** The cursor once that attempt has been made. */
  cursor: PollCursor;
}

/** The wait before the primary attempt numbered `attempt` (1-based). */
export function primaryDelayMs(attempt: number): number {
  if (attempt <= 1) return FIRST_DELAY_MS;
  if (attempt <= LAST_QUICK_ATTEMPT) return QUICK_DELAY_MS;
  return LATE_DELAY_MS;
}

/** The next attempt after `cursor`, or null when every attempt has been used. */
export function nextPoll(cursor: PollCursor): NextPoll | null {
  if (cursor.stage === 'primary' && cursor.attempts < PRIMARY_ATTEMPTS) {
    const attempt = cursor.attempts + 1;
    return { delayMs: primaryDelayMs(attempt), cursor: { stage: 'primary', attempts: attempt } };
  }
  const extendedDone = cursor.stage === 'extended' ? cursor.attempts : 0;
  if (extendedDone >= EXTENDED_ATTEMPTS) return null;
  return {
    delayMs: EXTENDED_DELAY_MS,
    cursor: { stage: 'extended', attempts: extendedDone + 1 },
  };
}

/** The panel asking 'Did you complete the transaction?' shows once the 11 attempts are used. */
export function showsCompletionPanel(cursor: PollCursor): boolean {
  return (
    cursor.stage === 'extended' ||
    (cursor.stage === 'primary' && cursor.attempts >= PRIMARY_ATTEMPTS)
  );
}

/**
 * The status message keys, in the order a voter meets them.
 * 'confirmed' and 'connectionLost' follow from answers, the others from progress.
 */
export type PollPhase =
  | 'waiting'
  | 'processing'
  | 'confirming'
  | 'stillChecking'
  | 'confirmed'
  | 'takingLonger'
  | 'connectionLost';

/**
 * The message for a payment still pending after `cursor`: waiting while the voter approves on
 * the phone, then processing, confirming and still checking as the 11 attempts pass in thirds,
 * then taking longer once the panel is up.
 */
export function pendingPhase(cursor: PollCursor): PollPhase {
  if (showsCompletionPanel(cursor)) return 'takingLonger';
  if (cursor.attempts === 0) return 'waiting';
  if (cursor.attempts <= 3) return 'processing';
  if (cursor.attempts <= LAST_QUICK_ATTEMPT) return 'confirming';
  return 'stillChecking';
}

/**
 * A payment in review waits on an organiser, for minutes or days: it is checked a minute after
 * the review began (or after the voter came back to the page), then half as often each time but
 * never more than 15 minutes apart, and only while the page is in sight.
 */
export const REVIEW_FIRST_DELAY_MS = 60_000;
export const REVIEW_MAX_DELAY_MS = 15 * 60_000;

/** The wait before the next check of a payment in review, after `checks` slow checks. */
export function reviewDelayMs(checks: number): number {
  return Math.min(REVIEW_FIRST_DELAY_MS * 2 ** checks, REVIEW_MAX_DELAY_MS);
}
