import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '#server/db/client.js';
import type { AppEvents, SettledPayment } from '#server/events/app-events.js';
import type { LiveHub } from '#server/features/live/live-hub.js';
import type { JobOutcome, JobRunObserver } from '#server/jobs/periodic-job.js';
import { countOutbox } from '#server/outbox/outbox-store.js';
import { countSmsLastHour, type SmsBudget } from '#server/outbox/sms-budget.js';
import type { OutboxObserver, SendOutcome } from '#server/outbox/outbox-worker.js';
import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import { withTimeLimit } from '#server/time/time-limit.js';
import type { PoolStats } from '#shared/schemas/health.js';
import { countPaymentsByState, type PaymentCount } from './payment-counts.js';

/** The route label of a request no route matched: its raw URL would make a series per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: a cached catalogue answer takes a few milliseconds, a request near its deadline ten. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/**
 * Seconds from a payment's creation to its completion: a card in seconds, a mobile-money prompt
 * in a minute or two, a late success the reconciler finds in hours or days.
 */
const SETTLEMENT_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 900, 3600, 21_600, 86_400, 604_800];
/** Seconds: a session purge takes milliseconds, a reconcile waiting on providers much longer. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];
/** A scrape waits this long for the payments' count, so a slow database cannot hold it up. */
const PAYMENT_COUNT_MS = 1000;

export interface AppMetricsDeps {
  database: Database;
  events: AppEvents;
  live: LiveHub;
  log: FastifyBaseLogger;
  smsBudget: SmsBudget;
}

/** Why an SMS asked for was not sent: the recipient's day, or the site's hour, was used up. */
export type SmsHoldReason = 'recipient-day' | 'site-budget';

/**
 * This app's metrics in a registry of its own (two apps in one process share nothing), read by
 * GET /metrics. Counters and histograms are fed as things happen (answered requests, this
 * instance's settlements, job runs); gauges are read when Prometheus scrapes: the payments by
 * state in one grouped query, the live streams, the database pool. Node's own (event-loop delay,
 * memory, CPU, garbage collection) come from prom-client's default metrics.
 */
export class AppMetrics implements JobRunObserver, OutboxObserver {
  private readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_code'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly settlements: Counter<'provider' | 'outcome'>;
  private readonly settlementSeconds: Histogram<'provider'>;
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly jobSeconds: Histogram<'job'>;
  private readonly messageAttempts: Counter<'channel' | 'outcome'>;
  private readonly deliveryReports: Counter<'gateway' | 'status' | 'outcome'>;
  private readonly smsHolds: Counter<'reason'>;
  /** The count under way, shared by scrapes that arrive while it runs. */
  private counting: Promise<PaymentCount[]> | undefined;

  constructor(private readonly deps: AppMetricsDeps) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    this.requests = new Counter({
      name: 'palmares_http_requests_total',
      help: 'Requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'palmares_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: HTTP_BUCKETS,
      registers,
    });

    this.settlements = new Counter({
      name: 'palmares_payment_settlements_total',
      help: 'Payments this instance settled, by provider and outcome (completed, failed, needs_review).',
      labelNames: ['provider', 'outcome'],
      registers,
    });
    this.settlementSeconds = new Histogram({
      name: 'palmares_payment_settlement_lag_seconds',
      help: 'Time from a payment being created to its completion, for payments this instance completed.',
      labelNames: ['provider'],
      buckets: SETTLEMENT_BUCKETS,
      registers,
    });
    deps.events.on('payment-settled', (payment) => this.settled(payment));

    const payments: Gauge<'provider' | 'status'> = new Gauge({
      name: 'palmares_payments',
      help: 'Payments in each state, by provider (left out of a scrape when the database is slow to answer).',
      labelNames: ['provider', 'status'],
      registers,
      collect: async () => {
        payments.reset();
        for (const row of await this.countPayments()) {
          payments.set({ provider: row.provider, status: row.status }, row.payments);
        }
      },
    });

    const streams: Gauge<'audience'> = new Gauge({
      name: 'palmares_live_streams',
      help: 'Live streams (Server-Sent Events) open on this instance, by audience.',
      labelNames: ['audience'],
      registers,
      collect: () => {
        const open = deps.live.openStreams;
        streams.set({ audience: 'public' }, open.public);
        streams.set({ audience: 'admin' }, open.admin);
      },
    });

    // PGlite has no pool: the family is left out rather than reported as an empty pool.
    if (deps.database.poolStats()) {
      this.poolGauge(
        'palmares_db_pool_connections_max',
        'Connections the pool may open.',
        (pool) => pool.max,
      );
      this.poolGauge(
        'palmares_db_pool_connections_in_use',
        'Pooled connections lent out to a query or transaction.',
        (pool) => pool.open - pool.idle,
      );
      this.poolGauge(
        'palmares_db_pool_connections_idle',
        'Pooled connections open and free.',
        (pool) => pool.idle,
      );
      this.poolGauge(
        'palmares_db_pool_waiting_requests',
        'Queries waiting for a pooled connection.',
        (pool) => pool.waiting,
      );
    }

    this.jobRuns = new Counter({
      name: 'palmares_job_runs_total',
      help: 'Ticks of the periodic jobs (reconcile, integrity check, session purge), by job and outcome (skipped: another instance ran that tick).',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.jobSeconds = new Histogram({
      name: 'palmares_job_duration_seconds',
      help: 'How long each run of a periodic job took, by job.',
      labelNames: ['job'],
      buckets: JOB_BUCKETS,
      registers,
    });

    this.messageAttempts = new Counter({
      name: 'palmares_outbox_send_attempts_total',
      help: 'Messages this instance tried to send, by channel (sms, email) and outcome (sent, sandbox, retry, rate-limited, failed).',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    this.deliveryReports = new Counter({
      name: 'palmares_sms_delivery_reports_total',
      help: 'SMS delivery reports received here, by gateway, status (submitted, delivered, undeliverable, unknown) and outcome (recorded, unchanged, unknown: no such message, unknown-status).',
      labelNames: ['gateway', 'status', 'outcome'],
      registers,
    });
    this.smsHolds = new Counter({
      name: 'palmares_sms_held_total',
      help: 'SMS asked for (lookup codes, receipts sent again) and not sent, by reason: recipient-day (its daily cap) or site-budget (the hour budget is spent: e-mail only).',
      labelNames: ['reason'],
      registers,
    });
    new Gauge({
      name: 'palmares_sms_budget_per_hour',
      help: 'SMS_BUDGET_PER_HOUR: SMS the site may write an hour before codes and resends go by e-mail only.',
      registers,
      collect() {
        this.set(deps.smsBudget.perHour);
      },
    });
    const smsLastHour: Gauge = new Gauge({
      name: 'palmares_sms_last_hour',
      help: 'SMS the outbox took in the last hour, every kind (left out of a scrape when the database is slow to answer); at palmares_sms_budget_per_hour, codes and resends go by e-mail only.',
      registers,
      collect: async () => {
        smsLastHour.reset();
        const count = await this.countSms();
        if (count !== undefined) smsLastHour.set(count);
      },
    });
    const outbox: Gauge<'channel' | 'state'> = new Gauge({
      name: 'palmares_outbox_messages',
      help: 'Messages in the outbox, by channel and state (left out of a scrape when the database is slow to answer).',
      labelNames: ['channel', 'state'],
      registers,
      collect: async () => {
        outbox.reset();
        for (const row of await this.countMessages()) {
          outbox.set({ channel: row.channel, state: row.state }, row.messages);
        }
      },
    });
  }

  /** What the exposition is sent as: Prometheus' text format, version 0.0.4. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric as Prometheus reads it; the gauges are read now. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  /** One answered request; `route` is the matched route's pattern, undefined when none matched. */
  requestAnswered(method: string, route: string | undefined, statusCode: number, seconds: number) {
    const labels = { method, route: route ?? UNMATCHED_ROUTE };
    this.requests.inc({ ...labels, status_code: String(statusCode) });
    this.requestSeconds.observe(labels, seconds);
  }

  messageAttempted(channel: MessageChannelKind, outcome: SendOutcome): void {
    this.messageAttempts.inc({ channel, outcome });
  }

  /** One SMS delivery report, and what it did to its message. */
  deliveryReported(gateway: string, status: string, outcome: string): void {
    this.deliveryReports.inc({ gateway, status, outcome });
  }

  /** An SMS a voter asked for that the daily cap or the hour's budget held back. */
  smsHeld(reason: SmsHoldReason): void {
    this.smsHolds.inc({ reason });
  }

  jobRan(name: string, outcome: JobOutcome, seconds: number): void {
    this.jobRuns.inc({ job: name, outcome });
    this.jobSeconds.observe({ job: name }, seconds);
  }

  /**
   * Counts settlements made here only: the other instances count their own, and a refund or
   * dispute (an event without `settlement`) is not a settlement.
   */
  private settled(payment: SettledPayment): void {
    if (this.deps.events.relaying || !payment.settlement) return;
    const { provider, status } = payment;
    this.settlements.inc({ provider, outcome: status });
    if (status !== 'completed') return;
    const { createdAt, settledAt } = payment.settlement;
    // A settlement dated before the payment (a back-dated import) counts as immediate.
    const seconds = Math.max(0, (Date.parse(settledAt) - Date.parse(createdAt)) / 1000);
    this.settlementSeconds.observe({ provider }, seconds);
  }

  /** The payments by state, or none (logged) when the database does not answer in time. */
  private async countPayments(): Promise<PaymentCount[]> {
    this.counting ??= countPaymentsByState(this.deps.database.db).finally(() => {
      this.counting = undefined;
    });
    try {
      return await withTimeLimit(
        this.counting,
        PAYMENT_COUNT_MS,
        `payments not counted within ${PAYMENT_COUNT_MS} ms`,
      );
    } catch (err) {
      this.deps.log.warn({ err }, 'metrics: payments by state left out of this scrape');
      return [];
    }
  }

  /** The outbox by channel and state, or nothing (logged) when the database is slow to answer. */
  private async countMessages() {
    try {
      return await withTimeLimit(
        countOutbox(this.deps.database.db),
        PAYMENT_COUNT_MS,
        `outbox not counted within ${PAYMENT_COUNT_MS} ms`,
      );
    } catch (err) {
      this.deps.log.warn({ err }, 'metrics: outbox messages left out of this scrape');
      return [];
    }
  }

  private async countSms(): Promise<number | undefined> {
    try {
      return await withTimeLimit(
        countSmsLastHour(this.deps.database.db),
        PAYMENT_COUNT_MS,
        `SMS not counted within ${PAYMENT_COUNT_MS} ms`,
      );
    } catch (err) {
      this.deps.log.warn({ err }, 'metrics: SMS of the last hour left out of this scrape');
      return undefined;
    }
  }

  private poolGauge(name: string, help: string, read: (pool: PoolStats) => number): void {
    const gauge: Gauge = new Gauge({
      name,
      help,
      registers: [this.registry],
      collect: () => {
        const pool = this.deps.database.poolStats();
        if (pool) gauge.set(read(pool));
      },
    });
  }
}
