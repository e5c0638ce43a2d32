import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardPaymentRequest } from '#shared/schemas/payment';
import { CardIntentSync } from './card-intent-sync';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const PAYMENT = '33333333-3333-4333-8333-333333333333';

function setup(options: { failPrepare?: boolean } = {}) {
  const prepared: { at: number; request: CardPaymentRequest }[] = [];
  const emails: { at: number; paymentId: string; email: string }[] = [];
  const onSetupFailed = vi.fn();
  const sync = new CardIntentSync({
    prepare: async (request) => {
      prepared.push({ at: Date.now(), request });
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (options.failPrepare) throw new Error('503: unavailable');
      return { clientSecret: 'secret', paymentId: PAYMENT, amount: 100, currency: 'USD' };
    },
    saveEmail: async (paymentId, email) => {
      emails.push({ at: Date.now(), paymentId, email });
    },
    deviceInfo: () => undefined,
    onSetupFailed,
  });
  return { sync, prepared, emails, onSetupFailed };
}

const lines = (a: number, b = 0) =>
  [
    { nominationId: A, voteCount: a },
    { nominationId: B, voteCount: b },
  ].filter((line) => line.voteCount > 0);

describe('CardIntentSync', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates the payment 300 ms after the split settles, and only when it changed', async () => {
    const { sync, prepared } = setup();
    sync.update({ enabled: true, lines: lines(2), email: '' });
    await vi.advanceTimersByTimeAsync(200);
    sync.update({ enabled: true, lines: lines(3), email: '' });
    await vi.advanceTimersByTimeAsync(299);
    expect(prepared).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.at).toBe(500);
    expect(prepared[0]?.request).toMatchObject({ paymentId: null, totalVotes: 3 });
    await vi.advanceTimersByTimeAsync(100);
    expect(sync.getView()).toMatchObject({ paymentId: PAYMENT, preparing: false, version: 1 });

    // The same split again: nothing to do.
    sync.update({ enabled: true, lines: lines(3), email: '' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(prepared).toHaveLength(1);

    // A new split updates the same payment.
    sync.update({ enabled: true, lines: lines(3, 1), email: '' });
    await vi.advanceTimersByTimeAsync(400);
    expect(prepared).toHaveLength(2);
    expect(prepared[1]?.request).toMatchObject({ paymentId: PAYMENT, totalVotes: 4 });
  });

  it('creates nothing while card is not chosen or no vote is selected', async () => {
    const { sync, prepared } = setup();
    sync.update({ enabled: false, lines: lines(2), email: '' });
    sync.update({ enabled: true, lines: [], email: '' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(prepared).toHaveLength(0);
  });

  it('sends a valid e-mail 800 ms after it changes', async () => {
    const { sync, emails } = setup();
    sync.update({ enabled: true, lines: lines(2), email: '' });
    await vi.advanceTimersByTimeAsync(400);
    sync.update({ enabled: true, lines: lines(2), email: 'voter@exam' });
    await vi.advanceTimersByTimeAsync(900);
    expect(emails).toHaveLength(0);
    sync.update({ enabled: true, lines: lines(2), email: 'Voter@Example.com' });
    await vi.advanceTimersByTimeAsync(799);
    expect(emails).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(emails).toEqual([{ at: 2100, paymentId: PAYMENT, email: 'voter@example.com' }]);
  });

  it('flushes the split and e-mail at once before paying', async () => {
    const { sync, prepared, emails } = setup();
    sync.update({ enabled: true, lines: lines(2), email: 'voter@example.com' });
    await vi.advanceTimersByTimeAsync(400);
    sync.update({ enabled: true, lines: lines(5), email: 'other@example.com' });
    const flushed = sync.flush();
    await vi.advanceTimersByTimeAsync(100);
    await expect(flushed).resolves.toBe(PAYMENT);
    expect(prepared).toHaveLength(2);
    expect(prepared[1]?.request).toMatchObject({ totalVotes: 5, voterEmail: 'other@example.com' });
    // The e-mail went with the update, so no separate PATCH was needed.
    expect(emails).toHaveLength(0);
  });

  it('reports a failed set-up in the background and null when paying', async () => {
    const { sync, onSetupFailed } = setup({ failPrepare: true });
    sync.update({ enabled: true, lines: lines(2), email: '' });
    await vi.advanceTimersByTimeAsync(400);
    expect(onSetupFailed).toHaveBeenCalledTimes(1);
    const flushed = sync.flush();
    await vi.advanceTimersByTimeAsync(100);
    await expect(flushed).resolves.toBeNull();
    expect(onSetupFailed).toHaveBeenCalledTimes(1);
  });

  it('serialises calls so a change in flight reuses the new payment', async () => {
    const { sync, prepared } = setup();
    sync.update({ enabled: true, lines: lines(2), email: '' });
    await vi.advanceTimersByTimeAsync(310);
    sync.update({ enabled: true, lines: lines(4), email: '' });
    await vi.advanceTimersByTimeAsync(400);
    expect(prepared.map((call) => call.request.paymentId)).toEqual([null, PAYMENT]);
  });
});
