import { DEFAULT_PRICE_PER_VOTE } from '#shared/money';
import { describe, expect, it } from 'vitest';
import {
  clampVoteCount,
  defaultVoteCounts,
  selectionKey,
  voteLines,
  voteTotals,
} from './vote-selection';

describe('vote selection', () => {
  it('starts every category at 2 votes', () => {
    expect(defaultVoteCounts(['a', 'b'])).toEqual({ a: 2, b: 2 });
  });

  it('clamps typed values to whole numbers from 0 to 100', () => {
    expect(clampVoteCount(-3)).toBe(0);
    expect(clampVoteCount(250)).toBe(100);
    expect(clampVoteCount(7.9)).toBe(7);
    expect(clampVoteCount(Number.NaN)).toBe(0);
  });

  it('drops zero lines and keeps page order', () => {
    expect(voteLines(['a', 'b', 'c'], { a: 3, b: 0, c: 1 })).toEqual([
      { nominationId: 'a', voteCount: 3 },
      { nominationId: 'c', voteCount: 1 },
    ]);
  });

  it('prices the votes at the edition’s prices: by default 100 CFA or 50 US cents per vote', () => {
    const lines = [
      { nominationId: 'a', voteCount: 3 },
      { nominationId: 'b', voteCount: 2 },
    ];
    expect(voteTotals(lines, DEFAULT_PRICE_PER_VOTE)).toEqual({
      totalVotes: 5,
      xaf: 500,
      usdCents: 250,
    });
    expect(voteTotals(lines, { XAF: 150, USD: 75 })).toEqual({
      totalVotes: 5,
      xaf: 750,
      usdCents: 375,
    });
    expect(voteTotals([], DEFAULT_PRICE_PER_VOTE)).toEqual({ totalVotes: 0, xaf: 0, usdCents: 0 });
  });

  it('keys a split by its lines', () => {
    const lines = [{ nominationId: 'a', voteCount: 3 }];
    expect(selectionKey(lines)).toBe(selectionKey([{ nominationId: 'a', voteCount: 3 }]));
    expect(selectionKey(lines)).not.toBe(selectionKey([{ nominationId: 'a', voteCount: 4 }]));
  });
});
