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

/** The page's visibility, hidden or shown by the test. */
function fakeVisibility() {
  let hidden = false;
  const listeners = new Set<() => void>();
  return {
    hidden: () => hidden,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(nowHidden: boolean) {
      hidden = nowHidden;
      listeners.forEach((listener) => listener());
    },
    get listeners() {
      return listeners.size;
    },
  };
}

/**
 * A poller whose status answers come from `answer`, recording when each check happened (and of
 * which payment). `stored` is a pending payment left by an earlier visit, `inReview` one in review.
 */
function setup(
  answer: (call: number, paymentId: string) => CheckOutcome,
  stored: string | null = null,
  inReview: string | null = null,
) {
  const checks: number[] = [];
  const checked: string[] = [];
  const store = memoryStore(stored);
  const reviewStore = memoryStore(inReview);
  const visibility = fakeVisibility();
  const poller = new PaymentPoller(
    async (paymentId) => {
      checks.push(Date.now());
      checked.push(paymentId);
      return answer(checks.length, paymentId);
    },
    store,
    reviewStore,
    visibility,
  );
  const onCompleted = vi.fn(async () => {});
  const onFailed = vi.fn();
  const onReview = vi.fn();
  poller.setCallbacks({ onCompleted, onFailed, onReview });
  const views: PollingView[] = [];
  poller.subscribe(() => views.push(poller.getView()));
  return {
    poller,
    store,
    reviewStore,
    visibility,
    checks,
    checked,
    onCompleted,
    onFailed,
    onReview,
    views,
  };
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
    expect(onCompleted).toHaveBeenCalledWith('p1', 'completed');
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

  it('stops the quick checks and hands over to review when the money does not match the order', async () => {
    const { poller, store, reviewStore, onReview, onFailed, onCompleted, checks } = setup((call) =>
      call < 3 ? 'pending' : 'needs_review',
    );
    poller.start('p1');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(checks).toHaveLength(3);
    expect(onReview).toHaveBeenCalledExactlyOnceWith('p1');
    expect(onFailed).not.toHaveBeenCalled();
    expect(onCompleted).not.toHaveBeenCalled();
    // No longer pending (the page is free again), but remembered as in review.
    expect(store.value).toBeNull();
    expect(reviewStore.value).toBe('p1');
    expect(poller.getView()).toMatchObject({ active: false, inReview: 'p1' });
  });

  it('keeps checking a payment in review, a minute after and then less often, until it is credited', async () => {
    const { poller, reviewStore, onReview, onCompleted, checks } = setup((call) =>
      call < 3 ? 'pending' : call < 7 ? 'needs_review' : 'completed',
    );
    poller.start('p1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(checks).toEqual([0, 8_000, 10_000]);

    // 1, 2, 4 minutes on; the 8-minute check finds it credited.
    await vi.advanceTimersByTimeAsync(7 * 60_000);
    expect(checks.slice(3)).toEqual([70_000, 190_000, 430_000]);
    expect(onCompleted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(8 * 60_000);
    expect(checks.at(-1)).toBe(910_000);
    expect(onCompleted).toHaveBeenCalledExactlyOnceWith('p1', 'completed');
    expect(onReview).toHaveBeenCalledOnce();
    expect(reviewStore.value).toBeNull();
    expect(poller.getView()).toMatchObject({ active: false, inReview: null });

    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(checks).toHaveLength(7);
  });

  it('never leaves more than 15 minutes between checks however long the review lasts', async () => {
    const { poller, checks } = setup(() => 'needs_review', null, 'r1');
    poller.resume();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(3 * 60 * 60_000);
    const gaps = checks.slice(1).map((at, i) => (at - checks[i]!) / 60_000);
    expect(gaps.slice(0, 6)).toEqual([1, 2, 4, 8, 15, 15]);
    expect(Math.max(...gaps)).toBe(15);
  });

  it('reports a payment refunded or failed in review as the page reports those states', async () => {
    const refunded = setup((call) => (call === 1 ? 'needs_review' : 'refunded'));
    refunded.poller.start('p1');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refunded.onCompleted).toHaveBeenCalledExactlyOnceWith('p1', 'refunded');
    expect(refunded.reviewStore.value).toBeNull();

    const failed = setup(() => 'failed', null, 'p2');
    failed.poller.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(failed.onFailed).toHaveBeenCalledExactlyOnceWith('p2', null);
    expect(failed.reviewStore.value).toBeNull();
    expect(failed.poller.getView().inReview).toBeNull();
  });

  it('checks a payment in review only while the page is in sight, and at once when it comes back', async () => {
    const { poller, visibility, checks } = setup(() => 'needs_review');
    poller.start('p1');
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toEqual([0]);

    visibility.set(true);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(checks).toEqual([0]);

    visibility.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toEqual([0, 7_200_000]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks).toEqual([0, 7_200_000, 7_260_000]);
  });

  it('on arrival checks a payment left in review at once, and paying anew or Try Again does not forget it', async () => {
    const { poller, store, reviewStore, checked, onReview } = setup(
      (_call, paymentId) => (paymentId === 'r1' ? 'needs_review' : 'pending'),
      null,
      'r1',
    );
    poller.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(checked).toEqual(['r1']);
    // The voter was told when it went to review; the page now shows it as in review.
    expect(onReview).not.toHaveBeenCalled();
    expect(poller.getView()).toMatchObject({ active: false, inReview: 'r1' });

    poller.start('p2');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.value).toBe('p2');
    poller.reset();
    expect(store.value).toBeNull();
    expect(reviewStore.value).toBe('r1');
    expect(poller.getView()).toMatchObject({ active: false, inReview: 'r1' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checked).toEqual(['r1', 'p2', 'r1']);
  });

  it('stops checking a payment in review when the page goes, and remembers it for the next visit', async () => {
    const { poller, reviewStore, visibility, checks } = setup(() => 'needs_review', null, 'r1');
    poller.resume();
    await vi.advanceTimersByTimeAsync(0);
    poller.dispose();
    expect(visibility.listeners).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(checks).toHaveLength(1);
    expect(reviewStore.value).toBe('r1');
  });

  it('shows the receipt of a payment refunded or disputed before the voter came back', async () => {
    for (const status of ['refunded', 'disputed'] as const) {
      const { poller, onCompleted } = setup(() => status, 'p1');
      poller.resume();
      await vi.advanceTimersByTimeAsync(0);
      expect(onCompleted, status).toHaveBeenCalledWith('p1', status);
    }
  });
});
