import {
  CREDITED_STATUSES,
  type CreditedStatus,
  type PaymentFailureReason,
  type PaymentStatus,
} from '#shared/schemas/payment';
import {
  nextPoll,
  pendingPhase,
  reviewDelayMs,
  showsCompletionPanel,
  START_CURSOR,
  type PollCursor,
  type PollPhase,
} from './polling-schedule';

export interface PollingView {
  /** The payment being followed; null when there is none. */
  paymentId: string | null;
  /** A payment is pending: polling, or waiting for the voter to press Check Status. */
  active: boolean;
  phase: PollPhase | null;
  /** 'Did you complete the transaction?' with Check Status and Try Again. */
  showPanel: boolean;
  /**
   * A payment in review, checked now and then until an organiser credits or refunds it; null when
   * there is none. It does not lock the page: the voter may leave, or pay for other votes.
   */
  inReview: string | null;
}

export const IDLE_VIEW: PollingView = {
  paymentId: null,
  active: false,
  phase: null,
  showPanel: false,
  inReview: null,
};

type PendingView = Omit<PollingView, 'inReview'>;
const IDLE_PENDING: PendingView = { paymentId: null, active: false, phase: null, showPanel: false };

/**
 * One status check: the payment's status (a failure with its reason when the provider gave one),
 * 'offline' for a lost connection (or any answer worth retrying), 'unknown' when the payment does
 * not exist.
 */
export type CheckOutcome =
  PaymentStatus | { status: 'failed'; reason: PaymentFailureReason } | 'offline' | 'unknown';

export interface PendingStore {
  read: () => string | null;
  save: (paymentId: string) => void;
  clear: () => void;
}

/** Whether the page is in sight (the document's visibility in the browser). */
export interface PageVisibility {
  hidden: () => boolean;
  /** Calls `listener` whenever the page is hidden or shown again; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

export interface PollerCallbacks {
  /**
   * Loads and shows the receipt (`status` says what became of the payment since: a receipt-less
   * refund is a payment refunded from review); the pending state is cleared once it settles
   * either way.
   */
  onCompleted: (paymentId: string, status: CreditedStatus) => Promise<void>;
  /** `reason` when the provider said why (no balance, declined, timed out). */
  onFailed: (paymentId: string, reason: PaymentFailureReason | null) => void;
  /**
   * The provider reported money that does not match the order: an admin credits the votes or
   * refunds, so the voter is told to wait rather than to pay again.
   */
  onReview: (paymentId: string) => void;
}

/** Statuses that come with a receipt: the votes were counted, even if a refund came after. */
const HAS_RECEIPT = new Set<CheckOutcome>(CREDITED_STATUSES);
const hasReceipt = (outcome: CheckOutcome): outcome is CreditedStatus => HAS_RECEIPT.has(outcome);

/**
 * Follows a pending mobile-money payment with the schedule of polling-schedule.ts,
 * outside React so timers and late answers are plain code (and testable with fake timers). The
 * hook subscribes to `view`.
 *
 * Each start, reset or dispose begins a new generation; answers from an older one are ignored, so
 * a slow reply never acts on a payment the voter has moved on from.
 *
 * A payment that goes to review is not forgotten: it moves to a store of its own and is checked on
 * the slow schedule of reviewDelayMs() while the page is in sight (at once when it comes back into
 * sight), until it is completed, refunded or failed; the outcome is reported like any other. It
 * has its own generation, so paying anew meanwhile neither stops nor confuses it.
 */
export class PaymentPoller {
  private pendingView: PendingView = IDLE_PENDING;
  private view: PollingView = IDLE_VIEW;
  private readonly listeners = new Set<() => void>();
  private generation = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private cursor: PollCursor = START_CURSOR;
  private inReview: string | null = null;
  private reviewGeneration = 0;
  private reviewTimer: ReturnType<typeof setTimeout> | undefined;
  /** Slow checks since the review began or the page came back into sight. */
  private reviewChecks = 0;
  private stopWatchingVisibility: (() => void) | undefined;
  private callbacks: PollerCallbacks = {
    onCompleted: async () => {},
    onFailed: () => {},
    onReview: () => {},
  };

  constructor(
    private readonly checkStatus: (paymentId: string) => Promise<CheckOutcome>,
    private readonly store: PendingStore,
    private readonly reviewStore: PendingStore,
    private readonly visibility: PageVisibility,
  ) {}

  /** The page's latest handlers; called at most once per outcome. */
  setCallbacks(callbacks: PollerCallbacks): void {
    this.callbacks = callbacks;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getView = (): PollingView => this.view;

  /** Follows a payment just initiated: remembered for reloads and checked at once. */
  start(paymentId: string): void {
    this.stopTimers();
    const runId = this.generation;
    this.cursor = START_CURSOR;
    this.store.save(paymentId);
    this.setView({ paymentId, active: true, phase: 'waiting', showPanel: false });
    void this.check(paymentId, runId);
  }

  /** A payment left pending or in review by a reload or a closed tab is checked at once on arrival. */
  resume(): void {
    const inReview = this.reviewStore.read();
    if (inReview) this.watchReview(inReview, true);
    const saved = this.store.read();
    if (saved) this.start(saved);
  }

  /** Check Status: polling starts over for the current payment. */
  restart(): void {
    if (this.view.paymentId) this.start(this.view.paymentId);
  }

  /** Try Again: forgets the pending payment so the voter can pay anew (not one in review). */
  reset(): void {
    this.stopTimers();
    this.store.clear();
    this.setView(IDLE_PENDING);
  }

  /** The page is leaving: stop checking but keep the payments remembered for the next visit. */
  dispose(): void {
    this.stopTimers();
    this.stopReviewTimers();
    this.stopWatchingVisibility?.();
    this.stopWatchingVisibility = undefined;
  }

  private stopTimers(): void {
    this.generation += 1;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private stopReviewTimers(): void {
    this.reviewGeneration += 1;
    clearTimeout(this.reviewTimer);
    this.reviewTimer = undefined;
  }

  private setView(pendingView: PendingView): void {
    this.pendingView = pendingView;
    this.publish();
  }

  private publish(): void {
    this.view = { ...this.pendingView, inReview: this.inReview };
    this.listeners.forEach((listener) => listener());
  }

  private async check(paymentId: string, runId: number): Promise<void> {
    const outcome = await this.checkStatus(paymentId);
    if (runId !== this.generation) return;

    if (hasReceipt(outcome)) {
      this.setView({ paymentId, active: true, phase: 'confirmed', showPanel: false });
      await this.callbacks.onCompleted(paymentId, outcome);
      if (runId !== this.generation) return;
      this.reset();
      return;
    }
    if (typeof outcome === 'object' || outcome === 'failed') {
      this.reset();
      this.callbacks.onFailed(paymentId, typeof outcome === 'object' ? outcome.reason : null);
      return;
    }
    if (outcome === 'needs_review') {
      this.reset();
      // Just checked: the next check is a slow one.
      this.watchReview(paymentId, false);
      this.callbacks.onReview(paymentId);
      return;
    }
    if (outcome === 'unknown') {
      this.reset();
      return;
    }

    const next = nextPoll(this.cursor);
    this.setView({
      paymentId,
      active: true,
      // Once every attempt is used the payment is still pending: say it is slow, not lost.
      phase: outcome === 'offline' && next ? 'connectionLost' : pendingPhase(this.cursor),
      showPanel: showsCompletionPanel(this.cursor) || next === null,
    });
    if (!next) return;
    this.timer = setTimeout(() => {
      this.cursor = next.cursor;
      void this.check(paymentId, runId);
    }, next.delayMs);
  }

  /** Remembers a payment in review and checks it now (on arrival) or on the slow schedule. */
  private watchReview(paymentId: string, checkNow: boolean): void {
    this.stopReviewTimers();
    this.reviewStore.save(paymentId);
    this.inReview = paymentId;
    this.reviewChecks = 0;
    this.stopWatchingVisibility ??= this.visibility.subscribe(this.onVisibilityChange);
    this.publish();
    if (checkNow) void this.checkReview(paymentId, this.reviewGeneration);
    else this.scheduleReview(paymentId, this.reviewGeneration);
  }

  /** Out of sight, nothing is scheduled: the check comes when the page is shown again. */
  private scheduleReview(paymentId: string, runId: number): void {
    if (this.visibility.hidden()) return;
    this.reviewTimer = setTimeout(() => {
      this.reviewChecks += 1;
      void this.checkReview(paymentId, runId);
    }, reviewDelayMs(this.reviewChecks));
  }

  private readonly onVisibilityChange = (): void => {
    const paymentId = this.inReview;
    if (!paymentId) return;
    if (this.visibility.hidden()) {
      clearTimeout(this.reviewTimer);
      this.reviewTimer = undefined;
      return;
    }
    // Back in sight, perhaps hours later: check at once, then a minute after.
    this.stopReviewTimers();
    this.reviewChecks = 0;
    void this.checkReview(paymentId, this.reviewGeneration);
  };

  private endReview(): void {
    this.stopReviewTimers();
    this.stopWatchingVisibility?.();
    this.stopWatchingVisibility = undefined;
    this.reviewStore.clear();
    this.inReview = null;
    this.publish();
  }

  private async checkReview(paymentId: string, runId: number): Promise<void> {
    const outcome = await this.checkStatus(paymentId);
    if (runId !== this.reviewGeneration) return;
    // Settled: forgotten first, so no later check reports it twice.
    if (hasReceipt(outcome)) {
      this.endReview();
      await this.callbacks.onCompleted(paymentId, outcome);
      return;
    }
    if (typeof outcome === 'object' || outcome === 'failed') {
      this.endReview();
      this.callbacks.onFailed(paymentId, typeof outcome === 'object' ? outcome.reason : null);
      return;
    }
    if (outcome === 'unknown') {
      this.endReview();
      return;
    }
    // Still in review, or the connection is down: try again later.
    this.scheduleReview(paymentId, runId);
  }
}
