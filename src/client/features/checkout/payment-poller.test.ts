import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentPoller, type CheckOutcome, type PollingView } from './payment-poller';

function memoryStore(initial: string | null = null) {
  let value = initial;
  return {
    read: () => value,
    save: (id: string) => {
      value = id;
    },
    clear: () => {
      value = null;
    },
    get value() {
      return value;
    },
  };
}

/** A poller whose status answers come from `answer`, recording when each check happened. */
function setup(answer: (call: number) => CheckOutcome, stored: string | null = null) {
  const checks: number[] = [];
  const store = memoryStore(stored);
  const poller = new PaymentPoller(async () => {
    checks.push(Date.now());
    return answer(checks.length);
  }, store);
  const onCompleted = vi.fn(async () => {});
  const onFailed = vi.fn();
  const onReview = vi.fn();
  poller.setCallbacks({ onCompleted, onFailed, onReview });
  const views: PollingView[] = [];
  poller.subscribe(() => views.push(poller.getView()));
  return { poller, store, checks, onCompleted, onFailed, onReview, views };
}

describe('PaymentPoller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks at once, then on the 11-attempt schedule, then 18 times every 10 s', async () => {
    const { poller, checks, views, store } = setup(() => 'pending');
    poller.start('p1');
    expect(store.value).toBe('p1');
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toEqual([0]);
    expect(poller.getView().phase).toBe('waiting');

    await vi.advanceTimersByTimeAsync(30_000);
    expect(checks).toEqual([
      0, 8000, 10000, 12000, 14000, 16000, 18000, 20000, 22500, 25000, 27500, 30000,
    ]);
    expect(poller.getView()).toMatchObject({ showPanel: true, phase: 'takingLonger' });
    // The panel appears only with the 11th attempt's answer.
    const beforeLast = views.at(-2);
    expect(beforeLast?.showPanel).toBe(false);

    await vi.advanceTimersByTimeAsync(180_000);
    expect(checks).toHaveLength(1 + 11 + 18);
    expect(checks.at(-1)).toBe(210_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks).toHaveLength(30);
    // Still pending: remembered, panel up, waiting for Check Status or Try Again.
    expect(poller.getView()).toMatchObject({ active: true, showPanel: true });
    expect(store.value).toBe('p1');
  });

  it('moves through the messages while pending', async () => {
    const { poller, views } = setup(() => 'pending');
    poller.start('p1');
    await vi.advanceTimersByTimeAsync(31_000);
    const phases = [...new Set(views.map((view) => view.phase))];
    expect(phases).toEqual([
      'waiting',
      'processing',
      'confirming',
      'stillChecking',
      'takingLonger',
    ]);
  });

  it('shows the receipt then forgets the payment once completed', async () => {
    const { poller, store, onCompleted, checks } = setup((call) =>
      call < 3 ? 'pending' : 'completed',
    );
    poller.start('p1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onCompleted).toHaveBeenCalledWith('p1');
    expect(store.value).toBeNull();
    expect(poller.getView().active).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks).toHaveLength(3);
  });

  it('forgets a failed payment and reports it', async () => {
    const { poller, store, onFailed } = setup(() => 'failed');
    poller.start('p1');
    await vi.advanceTimersByTimeAsync(0);
    expect(onFailed).toHaveBeenCalledWith('p1', null);
    expect(store.value).toBeNull();
    expect(poller.getView().active).toBe(false);
  });

  it('passes on why the payment failed when the provider said so', async () => {
    const { poller, store, onFailed } = setup((call) =>
      call === 1 ? 'pending' : { status: 'failed', reason: 'declined' },
    );
    poller.start('p1');
    await vi.advanceTimersByTimeAsync(8000);
    expect(onFailed).toHaveBeenCalledExactlyOnceWith('p1', 'declined');
    expect(store.value).toBeNull();
  });

  it('keeps retrying through a lost connection', async () => {
    const { poller, checks } = setup((call) => (call === 2 ? 'offline' : 'pending'));
    poller.start('p1');
    await vi.advanceTimersByTimeAsync(8_000);
    expect(poller.getView().phase).toBe('connectionLost');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(checks).toHaveLength(3);
    expect(poller.getView().phase).toBe('processing');
  });

  it('starts over on Check Status and stops on Try Again', async () => {
    const { poller, checks, store } = setup(() => 'pending');
    poller.start('p1');
    await vi.advanceTimersByTimeAsync(40_000);
    expect(poller.getView().showPanel).toBe(true);
    const before = checks.length;
    poller.restart();
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toHaveLength(before + 1);
    expect(poller.getView()).toMatchObject({ showPanel: false, phase: 'waiting' });
    await vi.advanceTimersByTimeAsync(8_000);
    expect(checks).toHaveLength(before + 2);

    poller.reset();
    expect(store.value).toBeNull();
    expect(poller.getView().active).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks).toHaveLength(before + 2);
  });

  it('resumes a saved payment and ignores answers after dispose', async () => {
    const { poller, checks, onCompleted } = setup(() => 'completed', 'saved');
    poller.resume();
    poller.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toHaveLength(1);
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it('stops and hands over to review when the money does not match the order', async () => {
    const { poller, store, onReview, onFailed, onCompleted, checks } = setup((call) =>
      call < 3 ? 'pending' : 'needs_review',
    );
    poller.start('p1');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks).toHaveLength(3);
    expect(onReview).toHaveBeenCalledWith('p1');
    expect(onFailed).not.toHaveBeenCalled();
    expect(onCompleted).not.toHaveBeenCalled();
    expect(store.value).toBeNull();
    expect(poller.getView().active).toBe(false);
  });

  it('shows the receipt of a payment refunded or disputed before the voter came back', async () => {
    for (const status of ['refunded', 'disputed'] as const) {
      const { poller, onCompleted } = setup(() => status, 'p1');
      poller.resume();
      await vi.advanceTimersByTimeAsync(0);
      expect(onCompleted, status).toHaveBeenCalledWith('p1');
    }
  });
});
