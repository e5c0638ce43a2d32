import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import {
  decideTransition,
  planSettlement,
  type LockedPaymentRow,
  type SettleOutcome,
  type TransitionInput,
} from './settlement-decision.js';
import { COLLECT_AMBIGUOUS, COLLECT_UNMATCHED, EXPIRED_REASON } from './unconfirmed-outcome.js';

/*
 * The settlement's decision over every payment state and every report, without a database: the
 * race and exactly-once tests prove the lock and the statement; these prove the rule they apply.
 */

const payment = (overrides: Partial<TransitionInput> = {}): TransitionInput => ({
  status: 'pending',
  amount: 500,
  currency: 'XAF',
  totalVotes: 5,
  failureReason: null,
  amountChanging: false,
  ...overrides,
});

const paid: SettleOutcome = { status: 'completed', amount: 500, currency: 'xaf' };
const paidLess: SettleOutcome = { status: 'completed', amount: 300, currency: 'XAF' };
const paidInDollars: SettleOutcome = { status: 'completed', amount: 500, currency: 'USD' };
const refused: SettleOutcome = { status: 'failed', reason: 'declined' };
const doubtful: SettleOutcome = { status: 'needs_review', reason: `${COLLECT_AMBIGUOUS}: 2` };
const unmatched: SettleOutcome = { status: 'needs_review', reason: `${COLLECT_UNMATCHED}: none` };
const MISMATCH = 'amount_mismatch: expected 500 XAF, provider reported 300 XAF';

type Expected = { next: PaymentStatus; failureReason: string | null } | 'deferred' | null;

const cases: [string, TransitionInput, SettleOutcome, Expected][] = [
  ['pending, paid as asked', payment(), paid, { next: 'completed', failureReason: null }],
  ['pending, refused', payment(), refused, { next: 'failed', failureReason: 'declined' }],
  [
    'pending, in doubt',
    payment(),
    doubtful,
    { next: 'needs_review', failureReason: doubtful.reason },
  ],
  [
    'pending, paid another amount',
    payment(),
    paidLess,
    { next: 'needs_review', failureReason: MISMATCH },
  ],
  [
    'pending, paid in another currency',
    payment(),
    paidInDollars,
    {
      next: 'needs_review',
      failureReason: 'amount_mismatch: expected 500 XAF, provider reported 500 USD',
    },
  ],
  [
    'pending, another amount while a card change lands',
    payment({ amountChanging: true }),
    paidLess,
    'deferred',
  ],
  ['completed, paid again', payment({ status: 'completed' }), paid, null],
  ['completed, refused later', payment({ status: 'completed' }), refused, null],
  ['refunded, paid again', payment({ status: 'refunded' }), paid, null],
  ['disputed, paid again', payment({ status: 'disputed' }), paid, null],
  [
    'failed by the provider, paid',
    payment({ status: 'failed', failureReason: 'declined' }),
    paid,
    null,
  ],
  [
    'expired by us, then paid',
    payment({ status: 'failed', failureReason: EXPIRED_REASON }),
    paid,
    { next: 'completed', failureReason: null },
  ],
  [
    'expired by us, then refused',
    payment({ status: 'failed', failureReason: EXPIRED_REASON }),
    refused,
    null,
  ],
  [
    'expired by us, then in doubt among several',
    payment({ status: 'failed', failureReason: EXPIRED_REASON }),
    doubtful,
    { next: 'needs_review', failureReason: doubtful.reason },
  ],
  [
    'expired by us, then paid another amount',
    payment({ status: 'failed', failureReason: EXPIRED_REASON }),
    paidLess,
    { next: 'needs_review', failureReason: MISMATCH },
  ],
  [
    'unmatched by us, then paid',
    payment({ status: 'needs_review', failureReason: unmatched.reason }),
    paid,
    { next: 'completed', failureReason: null },
  ],
  [
    'unmatched by us, then refused',
    payment({ status: 'needs_review', failureReason: unmatched.reason }),
    refused,
    { next: 'failed', failureReason: 'declined' },
  ],
  [
    'unmatched by us, unmatched again',
    payment({ status: 'needs_review', failureReason: unmatched.reason }),
    unmatched,
    null,
  ],
  [
    'unmatched by us, then several candidates',
    payment({ status: 'needs_review', failureReason: unmatched.reason }),
    doubtful,
    { next: 'needs_review', failureReason: doubtful.reason },
  ],
  [
    'in review for an amount, paid',
    payment({ status: 'needs_review', failureReason: MISMATCH }),
    paid,
    null,
  ],
];

describe('a report against a payment', () => {
  it.each(cases)('%s', (_name, input, outcome, expected) => {
    const decision = decideTransition(input, outcome);
    if (expected === null || expected === 'deferred') expect(decision).toBe(expected);
    else expect(decision).toEqual({ from: input.status, ...expected });
  });

  it('keeps at most 500 characters of a reason', () => {
    const decision = decideTransition(payment(), { status: 'failed', reason: 'x'.repeat(900) });
    expect(decision).toMatchObject({ next: 'failed', failureReason: 'x'.repeat(500) });
  });
});

describe("an admin's credit of a payment in review", () => {
  const inReview = payment({ status: 'needs_review', failureReason: MISMATCH });
  const credit = (input: TransitionInput, outcome: SettleOutcome) =>
    decideTransition(input, outcome, true);

  it('credits the whole order for its own amount', () => {
    expect(credit(inReview, paid)).toEqual({
      from: 'needs_review',
      next: 'completed',
      failureReason: null,
    });
  });

  it('cuts the order to the whole votes the money pays for, at its own price', () => {
    expect(credit(inReview, paidLess)).toMatchObject({ cutTo: { amount: 300, votes: 3 } });
  });

  it.each<[string, TransitionInput, SettleOutcome]>([
    ['a pending payment', payment(), paid],
    ['a completed payment', payment({ status: 'completed' }), paid],
    ['another currency', inReview, paidInDollars],
    ['a refusal', inReview, refused],
    ['more than the order', inReview, { status: 'completed', amount: 600, currency: 'XAF' }],
    ['nothing', inReview, { status: 'completed', amount: 0, currency: 'XAF' }],
    ['part of a vote', inReview, { status: 'completed', amount: 250, currency: 'XAF' }],
  ])('refuses %s', (_name, input, outcome) => {
    expect(credit(input, outcome)).toBeNull();
  });
});

describe('a batch of reports', () => {
  const row = (id: string, overrides: Partial<LockedPaymentRow> = {}): LockedPaymentRow => ({
    id,
    edition_id: 1,
    status: 'pending',
    provider: 'campay',
    amount: 500,
    currency: 'XAF',
    total_votes: 5,
    failure_reason: null,
    receipt_code: null,
    amount_changing: false,
    language: 'fr',
    phone_number: '237670000000',
    voter_email: null,
    results_published: false,
    ...overrides,
  });
  let codes = 0;
  const nextCode = () => `CODE${(codes += 1)}`;

  it('answers each request in order: unknown, another provider, already settled, moved', () => {
    const plan = planSettlement(
      [
        { paymentId: 'unknown', outcome: paid, source: 'webhook' },
        { paymentId: 'a', outcome: paid, source: 'webhook', expectProvider: 'stripe' },
        { paymentId: 'b', outcome: paid, source: 'callback' },
        {
          paymentId: 'c',
          outcome: { ...paid, providerRef: 'ref-c', providerFee: 7 },
          source: 'callback',
        },
        { paymentId: 'd', outcome: refused, source: 'poll' },
      ],
      [row('a'), row('b', { status: 'completed', receipt_code: 'OLD' }), row('c'), row('d')],
      nextCode,
    );
    expect(plan.results).toEqual([
      { changed: false, status: null, receiptCode: null },
      { changed: false, status: 'pending', receiptCode: null },
      { changed: false, status: 'completed', receiptCode: 'OLD' },
      { changed: true, status: 'completed', receiptCode: 'CODE1' },
      { changed: true, status: 'failed', receiptCode: null },
    ]);
    expect(plan.changes).toEqual([
      {
        id: 'c',
        from_status: 'pending',
        status: 'completed',
        failure_reason: null,
        receipt_code: 'CODE1',
        provider_ref: 'ref-c',
        provider_fee: 7,
        source: 'callback',
      },
      {
        id: 'd',
        from_status: 'pending',
        status: 'failed',
        failure_reason: 'declined',
        receipt_code: null,
        provider_ref: null,
        provider_fee: null,
        source: 'poll',
      },
    ]);
    expect(plan.completed.map((p) => p.id)).toEqual(['c']);
    expect(plan.cuts).toEqual([]);
  });

  it("writes a cut order's receipt for the votes and amount it keeps", () => {
    const plan = planSettlement(
      [{ paymentId: 'r', outcome: paidLess, source: 'admin', creditReview: true }],
      [row('r', { status: 'needs_review', failure_reason: MISMATCH, voter_email: 'a@b.cm' })],
      nextCode,
    );
    expect(plan.cuts).toEqual([{ id: 'r', amount: 300, votes: 3 }]);
    expect(plan.completed).toEqual([
      {
        id: 'r',
        language: 'fr',
        phoneNumber: '237670000000',
        voterEmail: 'a@b.cm',
        receiptCode: expect.stringMatching(/^CODE/),
        amount: 300,
        currency: 'XAF',
        totalVotes: 3,
      },
    ]);
  });

  it('holds back a success for another amount while a card change lands', () => {
    const plan = planSettlement(
      [{ paymentId: 's', outcome: { ...paidLess, currency: 'USD' }, source: 'webhook' }],
      [row('s', { provider: 'stripe', currency: 'USD', amount_changing: true })],
      nextCode,
    );
    expect(plan.results).toEqual([
      { changed: false, status: 'pending', receiptCode: null, deferred: true },
    ]);
    expect(plan.changes).toEqual([]);
  });
});
