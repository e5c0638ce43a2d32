import type { EventStatus, ResultsVisibility } from './schemas/event.js';

/** The settings that decide what the event is doing at an instant (epoch milliseconds). */
export interface EventWindow {
  votingOpensAt: string | null;
  votingClosesAt: string | null;
  resultsVisibility: ResultsVisibility;
  hideCountsHoursBeforeClose: number | null;
  resultsPublishedAt: string | null;
  /** An archived edition takes no votes, whatever its window says. */
  archivedAt?: string | null;
  /**
   * Only the current edition takes votes: another one is not open yet until its window has begun,
   * and closed from then on. Left out, the edition is taken as the current one.
   */
  isCurrent?: boolean;
}

const HOUR_MS = 3_600_000;

/**
 * Open from the opening instant itself up to, but not including, the closing instant: a payment
 * made at 20:00:00.000 for a close at 20:00 is refused. Published results end voting whatever the
 * window says, so no vote starts after the figures went public, and so does archiving. An edition
 * that is not the current one is never open. The server's SQL check (voting-window.ts) draws the
 * same edges.
 */
export function eventStatusAt(window: EventWindow, at: number): EventStatus {
  if (window.resultsPublishedAt !== null || (window.archivedAt ?? null) !== null) return 'closed';
  if (window.votingOpensAt !== null && at < Date.parse(window.votingOpensAt)) return 'upcoming';
  if (window.votingClosesAt !== null && at >= Date.parse(window.votingClosesAt)) return 'closed';
  if (window.isCurrent === false) return window.votingOpensAt === null ? 'upcoming' : 'closed';
  return 'open';
}

/**
 * Milliseconds from `at` to the next opening or close, or null when neither is ahead or the
 * results are out (voting is over then, whatever the window says).
 */
export function untilNextOpenOrClose(window: EventWindow, at: number): number | null {
  if (window.resultsPublishedAt !== null) return null;
  const next = [window.votingOpensAt, window.votingClosesAt]
    .map((value) => (value === null ? null : Date.parse(value)))
    .find((edge): edge is number => edge !== null && edge > at);
  return next === undefined ? null : next - at;
}

/** When the counts go dark before the close, or null when they never do by the clock. */
export function countsHiddenFrom(window: EventWindow): number | null {
  if (window.hideCountsHoursBeforeClose === null || window.votingClosesAt === null) return null;
  return Date.parse(window.votingClosesAt) - window.hideCountsHoursBeforeClose * HOUR_MS;
}

/**
 * Whether the public may see vote counts: always once results are published; never while the
 * organiser keeps them hidden; otherwise until the final hours before the close begin.
 */
export function countsVisibleAt(window: EventWindow, at: number): boolean {
  if (window.resultsPublishedAt !== null) return true;
  if (window.resultsVisibility === 'hidden') return false;
  const hiddenFrom = countsHiddenFrom(window);
  return hiddenFrom === null || at < hiddenFrom;
}

/** The next instant at which the status or the counts' visibility changes by the clock alone. */
export function nextEventChangeAfter(window: EventWindow, at: number): number | null {
  if (window.resultsPublishedAt !== null) return null;
  const edges = [window.votingOpensAt, window.votingClosesAt]
    .map((value) => (value === null ? null : Date.parse(value)))
    .concat(window.resultsPublishedAt === null ? countsHiddenFrom(window) : null)
    .filter((edge): edge is number => edge !== null && edge > at);
  return edges.length ? Math.min(...edges) : null;
}
