import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.js';
import type { PeriodicJob } from '#server/jobs/periodic-job.js';
import { withTimeLimit } from '#server/time/time-limit.js';
import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import type { MessageChannels } from './channel-registry.js';
import { MessageSendError, type SentMessage } from './message-channel.js';
import {
  claimDueMessages,
  markDelivered,
  markFailed,
  markRetry,
  type ClaimedMessage,
  type MessageOutbox,
} from './outbox-store.js';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-schedule.js';

/** What became of one attempt to send a message. */
export type SendOutcome = 'sent' | 'sandbox' | 'retry' | 'rate-limited' | 'failed';

/** Hears each attempt (the metrics, when they are on). */
export interface OutboxObserver {
  messageAttempted(channel: MessageChannelKind, outcome: SendOutcome): void;
}

export interface OutboxWorkerOptions {
  db: Db;
  channels: MessageChannels;
  log: FastifyBaseLogger;
  /** Where links in messages point (see MessageOutbox). */
  publicUrl: string;
  /** How often the periodic sweep runs; 0 turns delivery off on this instance (nudges included). */
  intervalMs: number;
  /** One send still unanswered after this is abandoned and retried later. */
  sendTimeoutMs: number;
  retry?: RetryPolicy;
  /** Messages claimed, and sent side by side, at a time. */
  batchSize?: number;
  /** A run stops after this many attempts; the next tick or nudge goes on. */
  maxPerRun?: number;
  /** How long a claim holds a message; by default well past a send's time limit. */
  leaseMs?: number;
  observer?: OutboxObserver | undefined;
  /** Opens the lookup codes sealed in a message's texts (sealed-code.ts) as it goes out. */
  openSealed?: ((text: string) => string) | undefined;
  /** For tests: the jitter's randomness. */
  random?: () => number;
}

export interface DeliveryCounts {
  attempted: number;
  delivered: number;
  retried: number;
  failed: number;
}

const none = (): DeliveryCounts => ({ attempted: 0, delivered: 0, retried: 0, failed: 0 });

/**
 * Delivers the outbox: claims due messages (a lease each, ADR 0059), hands each to its channel
 * under a time limit, and records what happened: delivered, another attempt later (exponential
 * backoff with jitter, or when a rate-limited gateway said), or `failed` after the last attempt or
 * a final refusal. Runs from the periodic job on every instance, and right after a transaction
 * wrote messages on this one (`written()`). Delivery is at least once: a worker that dies after
 * the gateway took a message, before recording it, leaves it to be sent again once its lease
 * ends, with the same id for the gateway to recognise.
 */
export class OutboxWorker implements MessageOutbox {
  readonly publicUrl: string;
  private readonly retry: RetryPolicy;
  private readonly batchSize: number;
  private readonly maxPerRun: number;
  private readonly leaseMs: number;
  private running: Promise<DeliveryCounts> | undefined;
  private again = false;
  private closed = false;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.publicUrl = options.publicUrl;
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.batchSize = options.batchSize ?? 10;
    this.maxPerRun = options.maxPerRun ?? 500;
    this.leaseMs = options.leaseMs ?? options.sendTimeoutMs * 2 + 10_000;
  }

  get enabled(): boolean {
    return this.options.intervalMs > 0 && !this.closed;
  }

  written(): void {
    if (!this.enabled) return;
    this.deliverDue().catch((err: unknown) =>
      this.options.log.warn({ err }, 'outbox: delivery after a commit failed'),
    );
  }

  /** The periodic sweep, for schedulePeriodicJob (through oncePerTick). */
  job(): PeriodicJob {
    return {
      name: 'outbox',
      intervalSeconds: this.options.intervalMs / 1000,
      run: async () => void (await this.deliverDue()),
    };
  }

  /**
   * Sends what is due until nothing is or the run's budget is spent. One run at a time on this
   * worker: a call during a run makes the run look again once done, and shares its promise.
   */
  deliverDue(): Promise<DeliveryCounts> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      const total = none();
      do {
        this.again = false;
        const counts = await this.drain();
        for (const key of Object.keys(total) as (keyof DeliveryCounts)[]) total[key] += counts[key];
      } while (this.again && !this.closed);
      return total;
    };
    this.running = run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** No new runs; waits for the one under way. The channels are closed by their owner. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running?.catch(() => undefined);
  }

  private async drain(): Promise<DeliveryCounts> {
    const counts = none();
    // A channel whose gateway asked us to slow down is left alone for the rest of the run.
    const paused = new Set<MessageChannelKind>();
    while (!this.closed && counts.attempted < this.maxPerRun) {
      const claimed = await claimDueMessages(this.options.db, {
        limit: Math.min(this.batchSize, this.maxPerRun - counts.attempted),
        leaseMs: this.leaseMs,
        skipChannels: [...paused],
      });
      if (claimed.length === 0) break;
      const outcomes = await Promise.all(claimed.map((message) => this.attempt(message, paused)));
      for (const outcome of outcomes) {
        counts.attempted += 1;
        if (outcome === 'sent' || outcome === 'sandbox') counts.delivered += 1;
        else if (outcome === 'failed') counts.failed += 1;
        else counts.retried += 1;
      }
    }
    return counts;
  }

  private async attempt(
    message: ClaimedMessage,
    paused: Set<MessageChannelKind>,
  ): Promise<SendOutcome> {
    const { db, channels, log } = this.options;
    const channel = channels[message.channel];
    let outcome: SendOutcome;
    try {
      const sent = await this.sendWithinLimit(message);
      outcome = channel.sandbox ? 'sandbox' : 'sent';
      await markDelivered(db, message, outcome, sent);
    } catch (error) {
      const failure =
        error instanceof MessageSendError
          ? error
          : new MessageSendError('retryable', errorText(error), { cause: error });
      const reason = `${channel.name}: ${failure.message}`.slice(0, 1000);
      if (failure.kind === 'rate-limited') {
        paused.add(message.channel);
        const delay = Math.min(
          this.retry.maxDelayMs,
          failure.retryAfterMs ?? retryDelayMs(this.retry, message.attempts, this.options.random),
        );
        outcome = 'rate-limited';
        await markRetry(db, message, delay, reason, false);
      } else if (failure.kind === 'permanent' || message.attempts >= this.retry.maxAttempts) {
        outcome = 'failed';
        log.warn(
          { messageId: message.id, channel: channel.name, attempts: message.attempts },
          `outbox: message not delivered: ${reason}`,
        );
        await markFailed(db, message, reason);
      } else {
        outcome = 'retry';
        const delay = retryDelayMs(this.retry, message.attempts, this.options.random);
        await markRetry(db, message, delay, reason);
      }
    }
    this.options.observer?.messageAttempted(message.channel, outcome);
    return outcome;
  }

  /** The channel's send, abandoned (and its signal aborted) once the time limit passes. */
  private async sendWithinLimit(message: ClaimedMessage): Promise<SentMessage> {
    const { channels, sendTimeoutMs } = this.options;
    const abort = new AbortController();
    const { leaseId: _lease, attempts: _attempts, ...stored } = message;
    const open = this.options.openSealed ?? ((text: string) => text);
    const outgoing = {
      ...stored,
      subject: stored.subject === null ? null : open(stored.subject),
      body: open(stored.body),
      html: stored.html === null ? null : open(stored.html),
    };
    try {
      return await withTimeLimit(
        channels[message.channel].send(outgoing, abort.signal),
        sendTimeoutMs,
        `no answer within ${sendTimeoutMs} ms`,
      );
    } catch (error) {
      abort.abort();
      throw error;
    }
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
