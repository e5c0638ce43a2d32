import { describe, expect, it } from 'vitest';
import type { CampayHistoryEntry } from './campay-client.js';
import {
  campayFee,
  collectCandidates,
  HISTORY_CLOCK_SKEW_MS,
  historyDay,
} from './campay-history-match.js';

const createdAt = new Date('2026-03-01T10:00:00Z');
const payment = { id: 'p1', amount: 300, phoneNumber: '237677000111', createdAt };
const options = { collectTimeoutMs: 15_000, taken: new Set<string>() };

const entry = (change: Partial<CampayHistoryEntry> = {}): CampayHistoryEntry => ({
  datetime: new Date(createdAt.getTime() + 2_000),
  phone_number: '237677000111',
  description: 'Palmares: 3 votes',
  amount: 300,
  charge_amount: 5.25,
  debit: 0,
  credit: 294.75,
  status: 'SUCCESSFUL',
  reference_uuid: 'ref-1',
  ...change,
});

describe('matching a collect without a reference in Campay history', () => {
  it('takes a collection from the same number, for the same amount, while the request was out', () => {
    expect(collectCandidates(payment, [entry()], options)).toHaveLength(1);
    // The number written without its country code, or with a plus, is the same number.
    expect(
      collectCandidates(payment, [entry({ phone_number: '677000111' })], options),
    ).toHaveLength(1);
    expect(
      collectCandidates(payment, [entry({ phone_number: '+237 677 000 111' })], options),
    ).toHaveLength(1);
    // Clocks may disagree a little either way.
    const early = new Date(createdAt.getTime() - HISTORY_CLOCK_SKEW_MS + 1);
    const late = new Date(createdAt.getTime() + 15_000 + HISTORY_CLOCK_SKEW_MS - 1);
    expect(
      collectCandidates(payment, [entry({ datetime: early }), entry({ datetime: late })], options),
    ).toHaveLength(2);
  });

  it('leaves out other numbers, amounts, times, withdrawals, refunds and taken transactions', () => {
    const tooLate = new Date(createdAt.getTime() + 15_000 + HISTORY_CLOCK_SKEW_MS + 1);
    const tooEarly = new Date(createdAt.getTime() - HISTORY_CLOCK_SKEW_MS - 1);
    const others = [
      entry({ phone_number: '237677000112' }),
      entry({ amount: 200 }),
      entry({ datetime: tooLate }),
      entry({ datetime: tooEarly }),
      entry({ debit: 305.25, credit: 0 }),
      entry({ status: 'FAILED', credit: 0, description: 'Palmares refund p0' }),
      entry({ phone_number: null }),
    ];
    expect(collectCandidates(payment, others, options)).toEqual([]);
    expect(
      collectCandidates(payment, [entry()], { ...options, taken: new Set(['ref-1']) }),
    ).toEqual([]);
    expect(collectCandidates({ ...payment, phoneNumber: null }, [entry()], options)).toEqual([]);
  });

  it("keeps Campay's fractional charge as whole francs, and names history days in UTC", () => {
    expect(campayFee(5.25)).toBe(5);
    expect(campayFee(5.5)).toBe(6);
    expect(campayFee(0)).toBe(0);
    expect(campayFee(null)).toBeNull();
    expect(campayFee(undefined)).toBeNull();
    expect(campayFee(-1)).toBeNull();
    expect(historyDay(new Date('2026-03-01T23:30:00Z'), 1)).toBe('2026-03-02');
    expect(historyDay(new Date('2026-03-01T00:30:00Z'), -1)).toBe('2026-02-28');
  });
});
