import {
  CREDITED_STATUSES,
  type PaymentFailureReason,
  type PaymentStatus,
} from '#shared/schemas/payment';
import {
  nextPoll,
  pendingPhase,
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
}

export const IDLE_VIEW: PollingView = {
  paymentId: null,
  active: false,
  phase: null,
  showPanel: false,
};

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

export interface PollerCallbacks {
  /** Loads and shows the receipt; the pending state is cleared once it settles either way. */
  onCompleted: (paymentId: string) => Promise<void>;
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

/**
 * Follows a pending mobile-money payment with the schedule of polling-schedule.ts,
 * outside React so timers and late answers are plain code (and testable with fake timers). The
 * hook subscribes to `view`.
 *
 * Each start, reset or dispose begins a new generation; answers from an older one are ignored, so
 * a slow reply never acts on a payment the voter has moved on from.
 */
export class PaymentPoller {
  private view: PollingView = IDLE_VIEW;
  private readonly listeners = new Set<() => void>();
  private generation = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private cursor: PollCursor = START_CURSOR;
  private callbacks: PollerCallbacks = {
    onCompleted: async () => {},
    onFailed: () => {},
    onReview: () => {},
  };

  constructor(
    private readonly checkStatus: (paymentId: string) => Promise<CheckOutcome>,
    private readonly store: PendingStore,
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

  /** A payment left pending by a reload or a closed tab is checked at once on arrival. */
  resume(): void {
    const saved = this.store.read();
    if (saved) this.start(saved);
  }

  /** Check Status: polling starts over for the current payment. */
  restart(): void {
    if (this.view.paymentId) this.start(this.view.paymentId);
  }

  /** Try Again: forgets the pending payment so the voter can pay anew. */
  reset(): void {
    this.stopTimers();
    this.store.clear();
    this.setView(IDLE_VIEW);
  }

  /** The page is leaving: stop checking but keep the payment remembered for the next visit. */
  dispose(): void {
    this.stopTimers();
  }

  private stopTimers(): void {
    this.generation += 1;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private setView(view: PollingView): void {
    this.view = view;
    this.listeners.forEach((listener) => listener());
  }

  private async check(paymentId: string, runId: number): Promise<void> {
    const outcome = await this.checkStatus(paymentId);
    if (runId !== this.generation) return;

    if (HAS_RECEIPT.has(outcome)) {
      this.setView({ paymentId, active: true, phase: 'confirmed', showPanel: false });
      await this.callbacks.onCompleted(paymentId);
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
}
