import {
  settle,
  settleBatch,
  type SettleDeps,
  type SettleRequest,
  type SettleResult,
} from './settle.js';

interface Waiting {
  request: SettleRequest;
  resolve: (result: SettleResult) => void;
  reject: (error: unknown) => void;
}

/** Transactions in flight at once: one commits while the next is being built. */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 200;

/**
 * Funnels provider outcomes into settleBatch(). Nothing waits for a timer: a request runs at once
 * when a transaction slot is free, and requests that arrive while both are busy ride together in
 * the next one. So a lone webhook settles at once, and a burst costs one commit (and one
 * update of each hot tally row) per batch instead of per payment. See docs/decisions/0012.
 */
export class SettlementQueue {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  private readonly idleWaiters: Array<() => void> = [];

  constructor(private readonly deps: SettleDeps) {}

  settle(request: SettleRequest): Promise<SettleResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.pump();
    });
  }

  /** Resolves once every request handed in so far is settled (closing the app waits for this). */
  drain(): Promise<void> {
    if (!this.inFlight && !this.waiting.length) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.waiting.length) {
      const batch = this.take();
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
        if (!this.inFlight && !this.waiting.length) {
          for (const resolve of this.idleWaiters.splice(0)) resolve();
        }
      });
    }
  }

  /** Up to MAX_BATCH requests for distinct payments; a repeat waits for the next batch. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const ids = new Set<string>();
    for (let i = 0; i < this.waiting.length && batch.length < MAX_BATCH;) {
      const item = this.waiting[i]!;
      if (ids.has(item.request.paymentId)) {
        i++;
        continue;
      }
      ids.add(item.request.paymentId);
      batch.push(item);
      this.waiting.splice(i, 1);
    }
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const results = await settleBatch(
        this.deps,
        batch.map((b) => b.request),
      );
      batch.forEach((b, i) => b.resolve(results[i]!));
    } catch {
      // Nothing of the batch was kept: settle each on its own, which also isolates a bad one.
      await Promise.all(
        batch.map(({ request, resolve, reject }) =>
          settle(this.deps, request.paymentId, request.outcome, request.source, {
            expectProvider: request.expectProvider,
          }).then(resolve, reject),
        ),
      );
    }
  }
}
