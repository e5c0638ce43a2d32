import { describe, expect, it } from 'vitest';
import {
  decideRevision,
  revisionDetail,
  unchanged,
  voteMoves,
  type LockedPayment,
  type PaymentRevision,
} from './revision-decision.js';
import { EXPIRED_REASON } from './unconfirmed-outcome.js';

/*
 * A refund's or a dispute's decision over every payment state and report, without a database:
 * the revision race tests prove the lock and the statement; these prove the rule they apply.
 */

const payment = (overrides: Partial<LockedPayment> = {}): LockedPayment => ({
  id: 'p',
  edition_id: 1,
  status: 'completed',
  provider: 'stripe',
  amount: 300,
  currency: 'USD',
  total_votes: 6,
  failure_reason: null,
  refunded_amount: 0,
  dispute_id: null,
  dispute_status: null,
  receipt_code: 'ABCDEFGHJKMN',
  language: 'en',
  phone_number: null,
  voter_email: 'voter@example.com',
  ...overrides,
});

const refund = (refundedAmount: number): PaymentRevision => ({ kind: 'refund', refundedAmount });
const dispute = (status: string): PaymentRevision => ({
  kind: 'dispute',
  disputeId: 'dp_1',
  status,
});

describe('a refund or a dispute against a payment', () => {
  it.each<[string, Partial<LockedPayment>, PaymentRevision, ReturnType<typeof decideRevision>]>([
    ['pending: waits for its success', { status: 'pending' }, refund(100), 'deferred'],
    [
      'expired by us: waits for a late success',
      { status: 'failed', failure_reason: EXPIRED_REASON },
      refund(100),
      'deferred',
    ],
    [
      'refused by the provider',
      { status: 'failed', failure_reason: 'declined' },
      refund(100),
      null,
    ],
    ['in review', { status: 'needs_review', failure_reason: 'x' }, refund(300), null],
    [
      'completed, part refunded',
      {},
      refund(100),
      {
        status: 'refunded',
        refundedAmount: 100,
        disputeId: null,
        disputeStatus: null,
        countedVotes: 4,
      },
    ],
    [
      'completed, refunded in whole',
      {},
      refund(300),
      {
        status: 'refunded',
        refundedAmount: 300,
        disputeId: null,
        disputeStatus: null,
        countedVotes: 0,
      },
    ],
    [
      'a refund above the amount stops at the amount',
      {},
      refund(900),
      {
        status: 'refunded',
        refundedAmount: 300,
        disputeId: null,
        disputeStatus: null,
        countedVotes: 0,
      },
    ],
    [
      'an older, smaller refund total changes nothing',
      { status: 'refunded', refunded_amount: 200 },
      refund(100),
      null,
    ],
    [
      'the same refund total again changes nothing',
      { status: 'refunded', refunded_amount: 100 },
      refund(100),
      null,
    ],
    [
      'a dispute opens',
      {},
      dispute('needs_response'),
      {
        status: 'disputed',
        refundedAmount: 0,
        disputeId: 'dp_1',
        disputeStatus: 'needs_response',
        countedVotes: 0,
      },
    ],
    [
      'a dispute won gives the votes back',
      { status: 'disputed', dispute_id: 'dp_1', dispute_status: 'needs_response' },
      dispute('won'),
      {
        status: 'completed',
        refundedAmount: 0,
        disputeId: 'dp_1',
        disputeStatus: 'won',
        countedVotes: 6,
      },
    ],
    [
      'a closed dispute stays closed when an older state arrives late',
      { status: 'completed', dispute_id: 'dp_1', dispute_status: 'won' },
      dispute('under_review'),
      null,
    ],
  ])('%s', (_name, overrides, revision, expected) => {
    expect(decideRevision(payment(overrides), revision)).toEqual(expected);
  });

  it("lets an admin's refund of the whole order end a review, with no vote counted", () => {
    const inReview = payment({ status: 'needs_review', failure_reason: 'amount_mismatch: x' });
    expect(decideRevision(inReview, refund(300), true)).toMatchObject({
      status: 'refunded',
      refundedAmount: 300,
      countedVotes: 0,
    });
    expect(decideRevision(inReview, refund(200), true)).toBeNull();
  });
});

describe("a revision's vote rows and words", () => {
  const votes = [
    { id: 'v1', nomination_id: 'a', vote_count: 4, counted: 4 },
    { id: 'v2', nomination_id: 'b', vote_count: 2, counted: 2 },
  ];

  it('moves only the rows whose counted share changes, by the difference', () => {
    const moves = voteMoves(votes, 3);
    expect(moves.reduce((sum, m) => sum + m.delta, 0)).toBe(-3);
    expect(moves.every((m) => m.delta !== 0)).toBe(true);
    expect(voteMoves(votes, 6)).toEqual([]);
  });

  it('writes what happened, then the reason, in at most 500 characters', () => {
    const revised = decideRevision(payment(), refund(100));
    if (!revised || revised === 'deferred') throw new Error('expected a change');
    expect(revisionDetail(payment(), refund(100), revised, 'asked by the voter')).toBe(
      'refunded 100 of 300 USD: asked by the voter',
    );
    expect(revisionDetail(payment(), refund(100), revised, 'x'.repeat(900))).toHaveLength(500);
  });

  it('answers an unchanged payment with what still counts', () => {
    expect(unchanged(payment({ status: 'refunded', refunded_amount: 100 }))).toMatchObject({
      changed: false,
      countedVotes: 4,
    });
    expect(unchanged(null)).toMatchObject({ changed: false, status: null });
  });
});

describe("an organiser's hold for review, and its release", () => {
  const held = (overrides: Partial<LockedPayment> = {}) =>
    payment({
      status: 'needs_review',
      failure_reason: 'held_for_review: many phones',
      ...overrides,
    });

  it('takes every vote of a completed payment out, and keeps its money and receipt', () => {
    expect(decideRevision(payment(), { kind: 'hold', reason: 'many phones' })).toEqual({
      status: 'needs_review',
      refundedAmount: 0,
      disputeId: null,
      disputeStatus: null,
      countedVotes: 0,
      failureReason: 'held_for_review: many phones',
    });
  });

  it.each<[string, Partial<LockedPayment>]>([
    ['already held', { status: 'needs_review', failure_reason: 'held_for_review: x' }],
    ['in review for its money', { status: 'needs_review', failure_reason: 'amount_mismatch: x' }],
    ['refunded in part', { status: 'refunded', refunded_amount: 100 }],
    ['disputed', { status: 'disputed', dispute_id: 'dp_1', dispute_status: 'needs_response' }],
    ['failed', { status: 'failed', failure_reason: 'declined' }],
  ])('leaves a payment %s alone', (_name, overrides) => {
    expect(decideRevision(payment(overrides), { kind: 'hold', reason: 'x' })).toBeNull();
  });

  it('releases a held payment with every vote its money pays for, once', () => {
    expect(decideRevision(held(), { kind: 'release' })).toEqual({
      status: 'completed',
      refundedAmount: 0,
      disputeId: null,
      disputeStatus: null,
      countedVotes: 6,
      failureReason: null,
    });
    expect(decideRevision(payment(), { kind: 'release' })).toBeNull();
    expect(
      decideRevision(payment({ status: 'needs_review', failure_reason: 'amount_mismatch: x' }), {
        kind: 'release',
      }),
    ).toBeNull();
  });

  it("records the provider's refund of a held payment and keeps its votes out", () => {
    expect(decideRevision(held(), refund(100))).toMatchObject({
      status: 'needs_review',
      refundedAmount: 100,
      countedVotes: 0,
    });
    expect(decideRevision(held(), refund(300))).toMatchObject({
      status: 'refunded',
      refundedAmount: 300,
      countedVotes: 0,
    });
    expect(decideRevision(held(), dispute('needs_response'))).toMatchObject({
      status: 'needs_review',
      disputeStatus: 'needs_response',
      countedVotes: 0,
    });
    // Released after a refund in part: the votes the rest of the money pays for.
    expect(decideRevision(held({ refunded_amount: 100 }), { kind: 'release' })).toMatchObject({
      status: 'refunded',
      countedVotes: 4,
      failureReason: null,
    });
  });

  it('says what it did in the status history', () => {
    const revised = decideRevision(payment(), { kind: 'hold', reason: 'x' });
    if (!revised || revised === 'deferred') throw new Error('expected a change');
    expect(revisionDetail(payment(), { kind: 'hold', reason: 'x' }, revised, 'many phones')).toBe(
      'held for review: many phones',
    );
  });
});
