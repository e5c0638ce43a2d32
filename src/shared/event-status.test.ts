import { describe, expect, it } from 'vitest';
import { eventStatusAt, nextEventChangeAfter, untilNextOpenOrClose } from './event-status';

const at = Date.parse('2026-11-27T12:00:00Z');
const open = {
  votingOpensAt: '2026-11-01T00:00:00.000Z',
  votingClosesAt: '2026-12-26T12:00:00.000Z',
  resultsVisibility: 'live' as const,
  hideCountsHoursBeforeClose: null,
  resultsPublishedAt: null,
};

describe('the event status', () => {
  it('is open inside the window, with the close ahead', () => {
    expect(eventStatusAt(open, at)).toBe('open');
    expect(untilNextOpenOrClose(open, at)).toBe(29 * 24 * 3_600_000);
    expect(nextEventChangeAfter(open, at)).toBe(Date.parse(open.votingClosesAt));
  });

  it('is closed once results are published, with nothing ahead, whatever the window says', () => {
    const published = { ...open, resultsPublishedAt: '2026-11-27T11:00:00.000Z' };
    expect(eventStatusAt(published, at)).toBe('closed');
    expect(untilNextOpenOrClose(published, at)).toBeNull();
    expect(nextEventChangeAfter(published, at)).toBeNull();
  });

  it('is never open for an edition other than the current one: not yet before its window, closed after', () => {
    expect(eventStatusAt({ ...open, isCurrent: false }, at)).toBe('closed');
    const noWindow = { ...open, votingOpensAt: null, votingClosesAt: null, isCurrent: false };
    expect(eventStatusAt(noWindow, at)).toBe('upcoming');
    const later = { ...open, votingOpensAt: '2027-01-01T00:00:00.000Z', isCurrent: false };
    expect(eventStatusAt(later, at)).toBe('upcoming');
    expect(eventStatusAt({ ...open, isCurrent: true }, at)).toBe('open');
  });
});
