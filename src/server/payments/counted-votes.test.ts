import { describe, expect, it } from 'vitest';
import { disputeStanding, isDisputeFinal, keptVotes, splitKept } from './counted-votes.js';

describe('keptVotes', () => {
  const paid = { amount: 1000, totalVotes: 10 };

  it('keeps every vote of a payment with nothing refunded and no dispute', () => {
    expect(keptVotes({ ...paid, refundedAmount: 0 }, 'none')).toBe(10);
  });

  it('revokes the votes a partial refund paid for, rounded up', () => {
    expect(keptVotes({ ...paid, refundedAmount: 100 }, 'none')).toBe(9);
    // 150 paid for one and a half votes: two go.
    expect(keptVotes({ ...paid, refundedAmount: 150 }, 'none')).toBe(8);
    expect(keptVotes({ ...paid, refundedAmount: 999 }, 'none')).toBe(0);
    expect(keptVotes({ ...paid, refundedAmount: 1000 }, 'none')).toBe(0);
    expect(keptVotes({ ...paid, refundedAmount: 5000 }, 'none')).toBe(0);
  });

  it('holds back everything while a dispute is open or after it was lost', () => {
    expect(keptVotes({ ...paid, refundedAmount: 0 }, 'open')).toBe(0);
    expect(keptVotes({ ...paid, refundedAmount: 0 }, 'lost')).toBe(0);
    expect(keptVotes({ ...paid, refundedAmount: 300 }, 'won')).toBe(7);
  });
});

describe('splitKept', () => {
  const rows = [
    { nominationId: 'a', voteCount: 5 },
    { nominationId: 'b', voteCount: 3 },
    { nominationId: 'c', voteCount: 2 },
  ];

  it('keeps every vote where every vote stays, and none where none does', () => {
    expect([...splitKept(rows, 10)]).toEqual([
      ['a', 5],
      ['b', 3],
      ['c', 2],
    ]);
    expect([...splitKept(rows, 0).values()]).toEqual([0, 0, 0]);
  });

  it('shares the kept votes in proportion, largest remainders first, always the same way', () => {
    // 7 of 10: exact shares 3.5, 2.1, 1.4: floors 3, 2, 1, and the one left goes to a (0.5).
    expect(Object.fromEntries(splitKept(rows, 7))).toEqual({ a: 4, b: 2, c: 1 });
    const reversed = splitKept([...rows].reverse(), 7);
    expect(Object.fromEntries(reversed)).toEqual({ a: 4, b: 2, c: 1 });
  });

  it('never gives a nomination more than it had, and sums to what is kept', () => {
    for (let kept = 0; kept <= 10; kept++) {
      const split = splitKept(rows, kept);
      expect([...split.values()].reduce((s, n) => s + n, 0)).toBe(kept);
      for (const row of rows)
        expect(split.get(row.nominationId)!).toBeLessThanOrEqual(row.voteCount);
    }
  });
});

describe('disputes', () => {
  it("reads Stripe's statuses for the votes", () => {
    expect(disputeStanding(null)).toBe('none');
    expect(disputeStanding('warning_needs_response')).toBe('open');
    expect(disputeStanding('needs_response')).toBe('open');
    expect(disputeStanding('under_review')).toBe('open');
    expect(disputeStanding('won')).toBe('won');
    expect(disputeStanding('lost')).toBe('lost');
    expect(disputeStanding('warning_closed')).toBe('none');
  });

  it('treats only closed disputes as final', () => {
    expect(isDisputeFinal('needs_response')).toBe(false);
    expect(isDisputeFinal('won')).toBe(true);
    expect(isDisputeFinal('lost')).toBe(true);
  });
});
