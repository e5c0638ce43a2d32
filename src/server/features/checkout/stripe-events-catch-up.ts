import type { AppContext } from '#server/app-context.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import type { PeriodicJob } from '#server/jobs/periodic-job.js';
import { ProviderUnavailable } from '#server/payments/index.js';
import { applyStripeNotice } from './apply-stripe-notice.js';
import { advanceProviderCursor, readProviderCursor } from './provider-cursor.js';
import { recordedStripeNotices } from './recorded-stripe-notices.js';

type Stripe = NonNullable<AppContext['providers']['stripe']>;
type ListedEvent = Awaited<ReturnType<Stripe['listEvents']>>['events'][number];

const CURSOR = 'stripe-events';
const DAY = 86_400;
/**
 * Each run reads again one interval before the cursor, at most this far: `created` is whole
 * seconds, events of one second come in any order, and an event shows in the list a moment after
 * it happened. What is read again is mostly recorded already and costs one query a listing
 * (recordedStripeNotices).
 */
const MAX_OVERLAP_SECONDS = 5 * 60;
/** Stripe's Events API keeps events this long. */
const STRIPE_KEEPS_DAYS = 30;
/** Events one listing may gather; more are read in narrower windows of time. */
const WINDOW_CAP = 1000;
/** A larger backlog is left to the next runs. */
const WINDOWS_PER_RUN = 10;
/**
 * An event still refused this long after it happened is passed over (and logged as an error), so
 * one payment's trouble cannot hold every later event back for good. Stripe gives up on a webhook
 * after as long.
 */
const GIVE_UP_AFTER_SECONDS = 3 * DAY;

export interface CatchUpOptions {
  /** At most this many events per window (WINDOW_CAP): smaller in tests, to read a backlog. */
  windowCap?: number;
}

export interface CatchUpResult {
  /** Events this run read and handled: applied, or with nothing of ours to record. */
  handled: number;
  /** The `created` of the last event handled, where the next run starts; null before any. */
  cursor: number | null;
  /**
   * Why the run ended before it caught up: an event that must wait or that failed (read again
   * next run), Stripe not answering, or another instance's run under way.
   */
  stopped?: 'deferred' | 'failed' | 'unavailable' | 'busy';
}

/**
 * Records the Stripe events whose webhook never reached us, read back from Stripe's Events API:
 * Stripe stops delivering a webhook after three days of failures, and an instance may answer 5xx
 * for hours. Events are read from the cursor (less an overlap) or, on the first run, from
 * RECONCILE_LOOKBACK_DAYS back (at most the 30 days Stripe keeps them), and applied oldest first
 * through applyStripeNotice(), the webhook's own way, so an event both delivered and read back
 * changes nothing the second time. The cursor moves to the `created` of the last event handled;
 * an event that is deferred or fails ends the run there, to be read again by the next one.
 */
export async function catchUpStripeEvents(
  ctx: AppContext,
  options: CatchUpOptions = {},
): Promise<CatchUpResult> {
  const stripe = ctx.providers.stripe;
  if (!stripe) return { handled: 0, cursor: null };
  const run = await ctx.database.locks.run(ADVISORY_LOCKS.stripeEvents, () =>
    catchUp(ctx, stripe, Math.max(1, options.windowCap ?? WINDOW_CAP)),
  );
  if (run.held) return run.value;
  return { handled: 0, cursor: await readProviderCursor(ctx.db, CURSOR), stopped: 'busy' };
}

async function catchUp(ctx: AppContext, stripe: Stripe, windowCap: number) {
  const now = Math.floor(Date.now() / 1000);
  const kept = now - STRIPE_KEEPS_DAYS * DAY;
  const stored = await readProviderCursor(ctx.db, CURSOR);
  const interval = ctx.config.stripeEventsIntervalSeconds;
  const overlap = interval > 0 ? Math.min(MAX_OVERLAP_SECONDS, interval) : MAX_OVERLAP_SECONDS;
  if (stored !== null && stored - overlap < kept) {
    ctx.log.warn(
      { cursor: stored },
      'stripe events: last read before the 30 days Stripe keeps; older events it missed are gone',
    );
  }
  // Whole seconds: Stripe refuses a fractional time, and the setting may be part of a day.
  const lookback = Math.floor(Math.min(ctx.config.reconcileLookbackDays, STRIPE_KEEPS_DAYS) * DAY);
  let from = Math.max(kept, stored === null ? now - lookback : stored - overlap);
  let cursor = stored;
  let handled = 0;
  const end = async (stopped?: CatchUpResult['stopped']): Promise<CatchUpResult> => {
    if (cursor !== null && cursor !== stored) await advanceProviderCursor(ctx.db, CURSOR, cursor);
    return { handled, cursor, ...(stopped ? { stopped } : {}) };
  };

  for (let windows = 0; windows < WINDOWS_PER_RUN; windows++) {
    let window;
    try {
      window = await readWindow(stripe, from, windowCap);
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      ctx.log.warn({ err: error }, 'stripe events: Stripe could not be read; next run tries again');
      return end('unavailable');
    }
    const recorded = await recordedStripeNotices(
      ctx.db,
      window.events.flatMap((event) => (event.notice ? [event.notice] : [])),
    );
    for (const event of window.events) {
      const refused = event.notice && recorded.has(event.notice) ? null : await apply(ctx, event);
      if (refused && now - event.created < GIVE_UP_AFTER_SECONDS) return end(refused);
      if (refused) {
        ctx.log.error(
          { eventId: event.id, type: event.type, created: event.created },
          'stripe events: passed over an event still not applied three days on; check its payment',
        );
      }
      handled++;
      cursor = Math.max(cursor ?? event.created, event.created);
    }
    if (window.to === undefined) break;
    from = window.to + 1;
  }
  return end();
}

/** Applies one event; says why not when it must be read again. */
async function apply(ctx: AppContext, event: ListedEvent): Promise<'deferred' | 'failed' | null> {
  if (!event.notice) return null;
  try {
    if ((await applyStripeNotice(ctx, event.notice, 'reconcile')) === 'applied') return null;
    ctx.log.info(
      { eventId: event.id, type: event.type },
      'stripe events: an event waits for its payment; the catch-up stops there until it applies',
    );
    return 'deferred';
  } catch (error) {
    ctx.log.warn(
      { err: error, eventId: event.id, type: event.type },
      'stripe events: an event could not be applied; the catch-up stops there until it does',
    );
    return 'failed';
  }
}

/**
 * The events created from `from`, oldest first, as many as one window holds: up to now when they
 * fit, otherwise up to `to` (included). Stripe lists newest first, so a listing past the cap holds
 * the newest events and misses the oldest, which are the ones to handle first: the window is then
 * narrowed, halving it and never past the oldest event listed, until it fits. One second that
 * holds more than a window is read whole.
 */
async function readWindow(
  stripe: Stripe,
  from: number,
  cap: number,
): Promise<{ events: ListedEvent[]; to?: number }> {
  let to: number | undefined;
  for (;;) {
    const page = await stripe.listEvents(
      to === undefined ? { from } : { from, to },
      to === from ? Infinity : cap,
    );
    if (page.complete) return { events: page.events.reverse(), to };
    // What was not listed is at or before the oldest event listed: the window ends before it.
    const oldestListed = page.events[page.events.length - 1]!.created;
    to = from + Math.floor((oldestListed - from) / 2);
  }
}

/** The catch-up every STRIPE_EVENTS_INTERVAL_SECONDS, when Stripe is configured. */
export function stripeEventsJob(ctx: AppContext): PeriodicJob {
  return {
    name: 'stripe-events',
    intervalSeconds: ctx.providers.stripe ? ctx.config.stripeEventsIntervalSeconds : 0,
    run: async () => {
      await catchUpStripeEvents(ctx);
    },
  };
}
