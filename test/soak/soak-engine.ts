import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import type { FakeCampay, FakeCampayTransaction } from '#test/fakes/fake-campay.js';
import type { FakeEvent, FakeIntent, FakeStripe } from '#test/fakes/fake-stripe.js';
import type { AppRequest } from '#test/support/call-app.js';
import type { Fault, FaultKind, SoakPlan, Voter } from './soak-schedule.js';
import type { SoakAnswer, SoakTarget } from './soak-target.js';

/** The faults that need processes or servers of the harness's own; provider faults are the fakes'. */
export interface SoakFaultHooks {
  /** Cuts the database connection (every pooled connection reset) and restores it. */
  cutDatabase(): Promise<void>;
  /** Stops Redis and starts it again on the same port. */
  restartRedis(): Promise<void>;
  /** SIGKILLs one instance while it is busy with `during`, and starts it again. */
  killInstance?(fault: Fault, busy: () => Promise<void>): Promise<void>;
  /** Replaces every instance, one at a time, with a freshly started one. */
  rollingRestart?(): Promise<void>;
}

export interface SoakEngineOptions {
  plan: SoakPlan;
  target: SoakTarget;
  campay: FakeCampay;
  stripe: FakeStripe;
  /** A direct connection (not through the faults) for waiting on what the app recorded. */
  db: Db;
  nominationIds: string[];
  adminHeaders: Record<string, string>;
  faults: SoakFaultHooks;
  /** The shortest real time an event hour lasts. */
  hourMs: number;
  /** Hours after which the app expires a pending payment (its PAYMENT_EXPIRY_HOURS, in event hours). */
  expiryHours: number;
  /** Requests of voters and deliveries in flight at once. */
  concurrency: number;
  /** The app's Campay timeout: a silent Campay holds answers longer than this. */
  campayTimeoutMs: number;
  log?: (line: string) => void;
}

/** What the run did, for the report: payments by behaviour and provider, faults by kind. */
export interface SoakCounts {
  payments: Map<string, number>;
  faults: Map<string, number>;
  answers: Map<string, number>;
  /** The app's (and the voters' browsers') calls to the providers. */
  calls: Map<string, number>;
}

type Task = () => Promise<void>;

/** How many times a provider redelivers a message that got no 2xx. */
const REDELIVERIES = 6;

/**
 * Event hours before the provider's next attempt: Stripe backs off exponentially for up to three
 * days (1 + 2 + … + 32 = 63 hours over six retries); Campay's callbacks are retried hourly.
 */
function redeliveryDelay(provider: Voter['provider'], attempt: number): number {
  return provider === 'stripe' ? 2 ** attempt : 1;
}

/**
 * Drives the plan through the app's HTTP API and the fakes, hour by event hour: each hour's faults
 * start, its voters act, the messages due that hour are delivered, and what comes later (a refund,
 * a dispute, a delayed callback, a late answer) waits on the agenda for its hour.
 */
export class SoakEngine {
  readonly counts: SoakCounts = {
    payments: new Map(),
    faults: new Map(),
    answers: new Map(),
    calls: new Map(),
  };
  private readonly agenda = new Map<number, Task[]>();
  private hour = 0;
  private readonly browser: Stripe;
  /** The fakes' records indexed as they are written: a month has too many to search. */
  private readonly collectsByPhone = new Map<string, FakeCampayTransaction[]>();
  private readonly collectsByPayment = new Map<string, FakeCampayTransaction>();
  /** Collections a voter has already acted on. */
  private readonly claimed = new Set<string>();
  private readonly withdrawalsByReference = new Map<string, FakeCampayTransaction>();
  private readonly eventsByIntent = new Map<string, FakeEvent[]>();
  /** Faults that end at an hour: what to undo then. */
  private readonly endings = new Map<number, Task[]>();
  /** Campay outages under way: two may overlap, and Campay answers again when the last ends. */
  private campayOutages = 0;

  constructor(private readonly options: SoakEngineOptions) {
    this.browser = options.stripe.client();
    indexCampay(options.campay, (tx) => {
      if (tx.endpoint === 'collect') {
        const list = this.collectsByPhone.get(tx.phoneNumber) ?? [];
        list.push(tx);
        this.collectsByPhone.set(tx.phoneNumber, list);
        if (tx.external_reference) this.collectsByPayment.set(tx.external_reference, tx);
      } else if (tx.external_reference) {
        this.withdrawalsByReference.set(tx.external_reference, tx);
      }
    });
    indexStripeEvents(options.stripe, (event) => {
      const object = event.data.object as { object: string; id: string; payment_intent?: string };
      const intentId = object.object === 'payment_intent' ? object.id : object.payment_intent;
      if (!intentId) return;
      const list = this.eventsByIntent.get(intentId) ?? [];
      list.push(event);
      this.eventsByIntent.set(intentId, list);
    });
  }

  private count(map: Map<string, number>, key: string, by = 1) {
    map.set(key, (map.get(key) ?? 0) + by);
  }

  private later(hours: number, task: Task) {
    const at = this.hour + Math.max(1, hours);
    const tasks = this.agenda.get(at) ?? [];
    tasks.push(task);
    this.agenda.set(at, tasks);
  }

  private async send(request: AppRequest): Promise<SoakAnswer> {
    const answer = await this.options.target.send(request);
    const group = answer.status === 0 ? 'no answer' : `${Math.floor(answer.status / 100)}xx`;
    this.count(this.counts.answers, group);
    return answer;
  }

  /** Runs the whole plan, then the agenda until it is empty. */
  async run(): Promise<void> {
    const { plan, log } = this.options;
    const byHour = new Map<number, Voter[]>();
    for (const voter of plan.voters) {
      const list = byHour.get(voter.hour) ?? [];
      list.push(voter);
      byHour.set(voter.hour, list);
    }
    const faultsByHour = new Map<number, Fault[]>();
    for (const fault of plan.faults) {
      const list = faultsByHour.get(fault.hour) ?? [];
      list.push(fault);
      faultsByHour.set(fault.hour, list);
    }
    for (this.hour = 0; this.hour < plan.hours || this.agenda.size > 0; this.hour++) {
      const started = Date.now();
      for (const end of this.endings.get(this.hour) ?? []) await end();
      this.endings.delete(this.hour);
      const blows: Promise<void>[] = [];
      for (const fault of faultsByHour.get(this.hour) ?? []) blows.push(this.strike(fault));
      const tasks: Task[] = [
        ...(byHour.get(this.hour) ?? []).map((voter) => () => this.vote(voter)),
        ...(this.agenda.get(this.hour) ?? []),
      ];
      this.agenda.delete(this.hour);
      await runPool(tasks, this.options.concurrency);
      await Promise.all(blows);
      const rest = this.options.hourMs - (Date.now() - started);
      if (rest > 0) await sleep(rest);
      if (log && this.hour % 24 === 23) log(`soak: hour ${this.hour + 1} done`);
      // The fakes' request logs are for assertions in small tests; a month would fill memory.
      for (const request of this.options.campay.requests) {
        const what = /^\/api\/(\w+)/.exec(request.path)?.[1] ?? request.path;
        this.count(this.counts.calls, `campay ${what}`);
      }
      this.count(this.counts.calls, 'stripe', this.options.stripe.requests.length);
      this.options.campay.requests.length = 0;
      this.options.stripe.requests.length = 0;
    }
    for (const ends of this.endings.values()) for (const end of ends) await end();
    this.endings.clear();
  }

  // ----- faults -----

  private async strike(fault: Fault): Promise<void> {
    const { campay, stripe, faults } = this.options;
    const end = (task: Task) => {
      const at = this.hour + Math.max(1, fault.hours);
      const list = this.endings.get(at) ?? [];
      list.push(task);
      this.endings.set(at, list);
    };
    this.count(this.counts.faults, faultLabel(fault));
    switch (fault.kind) {
      case 'collect-timeout':
        // Campay acts on the request, but its answer comes after the app stopped waiting.
        campay.delayMs = this.options.campayTimeoutMs + 200;
        end(async () => {
          campay.delayMs = 0;
        });
        return;
      case 'provider-5xx':
        if (fault.provider === 'campay') {
          campay.failNext(1_000_000);
          end(async () => campay.failNext(0));
        } else {
          stripe.failNext(1_000_000);
          end(async () => stripe.failNext(0));
        }
        return;
      case 'provider-silent':
        if (fault.provider === 'campay') {
          if (this.campayOutages++ === 0) await campay.goOffline();
          end(async () => {
            if (--this.campayOutages === 0) await campay.goOnline();
          });
        } else {
          // Stripe acts on each request but the answer never arrives, for a stretch of requests.
          stripe.dropNext(40);
          end(async () => stripe.dropNext(0));
        }
        return;
      case 'database-cut':
        return faults.cutDatabase();
      case 'redis-restart':
        return faults.restartRedis();
      case 'instance-kill':
        if (!faults.killInstance) return;
        return faults.killInstance(fault, () => this.busyWith(fault.during ?? 'settlement'));
      case 'rolling-restart':
        return faults.rollingRestart?.();
    }
  }

  /** Work of the kind a kill should interrupt, started now and not awaited by the kill. */
  private async busyWith(during: NonNullable<Fault['during']>): Promise<void> {
    // Settlements and refunds are what the hour's voters and agenda are doing anyway; a
    // reconciliation is what the admin's check starts.
    if (during === 'reconciliation') {
      await this.send({
        method: 'POST',
        url: '/api/admin/check-campay-payments',
        headers: this.options.adminHeaders,
      });
    }
  }

  // ----- deliveries -----

  /**
   * Delivers what the provider sends about one payment, as the voter's plan says: on time, lost
   * (Campay's callback never comes; Stripe's first attempts fail and it retries hours later),
   * duplicated, delayed by hours, or out of order. A delivery the app does not take (no 2xx) is
   * retried later, as providers do (redeliveryDelay).
   */
  private deliver(voter: Voter, requests: Array<() => Promise<AppRequest>>): Promise<void> {
    if (requests.length === 0) return Promise.resolve();
    const fault = voter.delivery;
    if (fault !== 'on-time') this.count(this.counts.faults, `delivery-${fault}`, requests.length);
    const once = async (make: () => Promise<AppRequest>, attempt = 0): Promise<void> => {
      const answer = await this.send(await make());
      if (answer.status >= 200 && answer.status < 300) return;
      if (attempt < REDELIVERIES)
        this.later(redeliveryDelay(voter.provider, attempt), () => once(make, attempt + 1));
    };
    switch (fault) {
      case 'on-time':
        return sequence(requests.map((make) => () => once(make)));
      case 'lost':
        if (voter.provider === 'campay') return Promise.resolve();
        this.later(voter.after + 2, () => sequence(requests.map((make) => () => once(make))));
        return Promise.resolve();
      case 'duplicated':
        return Promise.all(requests.flatMap((make) => [once(make), once(make), once(make)])).then(
          () => undefined,
        );
      case 'delayed':
        this.later(voter.after, () => sequence(requests.map((make) => () => once(make))));
        return Promise.resolve();
      case 'reordered':
        // Newest first now, and the oldest once more an hour later.
        this.later(1, () => once(requests[0]!));
        return sequence([...requests].reverse().map((make) => () => once(make)));
    }
  }

  private campayCallback(tx: FakeCampayTransaction): () => Promise<AppRequest> {
    // The callback says what the transaction was when Campay sent it.
    const request = this.options.campay.callback(tx.reference, {
      method: tx.reference.charCodeAt(0) % 2 ? 'GET' : 'POST',
    });
    return async () => {
      const { method, url, payload } = await request;
      return { method, url, body: payload };
    };
  }

  private stripeEvent(event: FakeEvent): () => Promise<AppRequest> {
    return async () => {
      const { payload, signature } = this.options.stripe.signed(event);
      return {
        method: 'POST',
        url: '/api/webhooks/stripe',
        body: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      };
    };
  }

  /** Events about `intentId` written since `from` (an index into its list). */
  private eventsSince(intentId: string, from: number): FakeEvent[] {
    return (this.eventsByIntent.get(intentId) ?? []).slice(from);
  }

  private eventCount(intentId: string): number {
    return this.eventsByIntent.get(intentId)?.length ?? 0;
  }

  // ----- voters -----

  private phoneOf(voter: Voter): string {
    // Unique per voter; MTN or Orange by parity. 237 + 6 + 8 digits.
    const prefix = voter.index % 2 ? '67' : '69';
    return `237${prefix}${String(voter.index).padStart(7, '0')}`;
  }

  private votesOf(voter: Voter) {
    return voter.votes.map((vote) => ({
      nominationId: this.options.nominationIds[vote.nomination]!,
      voteCount: vote.count,
    }));
  }

  private async vote(voter: Voter): Promise<void> {
    this.count(this.counts.payments, `${voter.behaviour} ${voter.provider}`);
    if (voter.provider === 'campay') await this.campayVoter(voter);
    else await this.stripeVoter(voter);
  }

  /**
   * Starts a Campay collection. The app may answer an error while Campay still made the
   * transaction (a timeout): the prompt reaches the phone all the same, so the voter's phone is
   * where the transaction is found.
   */
  private async collect(
    voter: Voter,
  ): Promise<{ paymentId: string | null; tx: FakeCampayTransaction | undefined }> {
    const phone = this.phoneOf(voter);
    const answer = await this.send({
      method: 'POST',
      url: '/api/campay-payment',
      json: { phoneNumber: phone, nominationVotes: this.votesOf(voter) },
      headers: fromVoter(voter),
    });
    const paymentId = typeof answer.body?.paymentId === 'string' ? answer.body.paymentId : null;
    // Without the app's answer, the phone shows the prompt of the collection no tab has yet.
    const tx = paymentId
      ? this.collectsByPayment.get(paymentId)
      : this.collectsByPhone.get(phone)?.find((t) => !this.claimed.has(t.reference));
    if (tx) this.claimed.add(tx.reference);
    return { paymentId: paymentId ?? tx?.external_reference ?? null, tx };
  }

  /** Retries a start that found the app or the provider down, up to twice, an hour apart. */
  private retryLater(voter: Voter, attempt: number, again: (attempt: number) => Promise<void>) {
    if (attempt < 2) this.later(1, () => again(attempt + 1));
    else this.count(this.counts.payments, `gave up ${voter.provider}`);
  }

  private async campayVoter(voter: Voter, attempt = 0): Promise<void> {
    const { campay } = this.options;
    if (voter.behaviour === 'two-tabs') {
      const [a, b] = await Promise.all([this.collect(voter), this.collect(voter)]);
      for (const tx of [a.tx, b.tx]) {
        if (!tx) continue;
        campay.complete(tx.reference);
        await this.deliver(voter, [this.campayCallback(tx)]);
      }
      await this.poll(voter, a.paymentId);
      return;
    }
    if (voter.behaviour === 'retried') {
      const first = await this.collect(voter);
      if (first.tx) {
        campay.fail(first.tx.reference, 'Insufficient balance on the payer account');
        await this.deliver(voter, [this.campayCallback(first.tx)]);
      }
      await this.poll(voter, first.paymentId);
    }
    const { paymentId, tx } = await this.collect(voter);
    if (!tx) {
      this.retryLater(voter, attempt, (next) => this.campayVoter(voter, next));
      return;
    }
    switch (voter.behaviour) {
      case 'abandoned':
        campay.fail(tx.reference, 'Payment declined by the user');
        await this.deliver(voter, [this.campayCallback(tx)]);
        return;
      case 'silent-phone':
        return;
      case 'late-success':
        this.later(this.options.expiryHours + voter.after, async () => {
          await this.noteLateness(paymentId ?? tx.external_reference);
          campay.complete(tx.reference);
          await this.deliver(voter, [this.campayCallback(tx)]);
        });
        return;
      case 'amount-mismatch':
        // The operator took another amount than the app asked for.
        tx.amount = Math.max(1, tx.amount - 25);
        break;
    }
    campay.complete(tx.reference);
    await this.deliver(voter, [this.campayCallback(tx)]);
    await this.poll(voter, paymentId);
    if (voter.behaviour === 'refunded' && paymentId) {
      this.later(voter.after, () => this.refund(voter, paymentId, tx.amount, 'XAF'));
    }
  }

  private async startCard(
    voter: Voter,
    tab = 0,
  ): Promise<{ paymentId: string; intentId: string } | null> {
    const answer = await this.send({
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      json: {
        nominationVotes: this.votesOf(voter),
        voterEmail: `voter${voter.index}.${tab}@example.com`,
      },
      headers: fromVoter(voter),
    });
    const paymentId = answer.body?.paymentId;
    const secret = answer.body?.clientSecret;
    if (typeof paymentId !== 'string' || typeof secret !== 'string') return null;
    return { paymentId, intentId: secret.split('_secret_')[0]! };
  }

  /** The browser confirms with Stripe.js, then tells the app; false when Stripe refused. */
  private async confirm(intentId: string, paymentMethod: string): Promise<boolean> {
    try {
      await this.browser.paymentIntents.confirm(intentId, { payment_method: paymentMethod });
      return true;
    } catch {
      return false;
    }
  }

  private async tellApp(voter: Voter, intentId: string): Promise<void> {
    await this.send({
      method: 'POST',
      url: '/api/confirm-payment',
      json: { paymentIntentId: intentId },
      headers: fromVoter(voter),
    });
  }

  /** Pays a started card payment and has its events delivered as the plan says. */
  private async payCard(voter: Voter, card: { paymentId: string; intentId: string }) {
    const from = this.eventCount(card.intentId);
    const paid = await this.confirm(card.intentId, 'pm_card_visa');
    await this.tellApp(voter, card.intentId);
    await this.deliver(
      voter,
      this.eventsSince(card.intentId, from)
        .filter((e) => e.type !== 'payment_intent.created')
        .map((e) => this.stripeEvent(e)),
    );
    return paid;
  }

  private async stripeVoter(voter: Voter, attempt = 0): Promise<void> {
    const { stripe } = this.options;
    if (voter.behaviour === 'two-tabs') {
      const tabs = await Promise.all([this.startCard(voter, 0), this.startCard(voter, 1)]);
      await Promise.all(tabs.map((card) => (card ? this.payCard(voter, card) : undefined)));
      // Both tabs report back, each about both payments.
      for (const card of tabs) if (card) await this.tellApp(voter, card.intentId);
      return;
    }
    const card = await this.startCard(voter);
    if (!card) {
      this.retryLater(voter, attempt, (next) => this.stripeVoter(voter, next));
      return;
    }
    switch (voter.behaviour) {
      case 'abandoned':
        return;
      case 'retried': {
        const from = this.eventCount(card.intentId);
        await this.confirm(card.intentId, 'pm_card_chargeDeclined');
        await this.deliver(
          voter,
          this.eventsSince(card.intentId, from).map((e) => this.stripeEvent(e)),
        );
        break;
      }
      case 'late-success':
        this.later(this.options.expiryHours + voter.after, async () => {
          await this.noteLateness(card.paymentId);
          // Canceled by the app's expiry by now, or not yet: either way Stripe decides.
          await this.payCard(voter, card);
        });
        return;
      case 'amount-mismatch': {
        // Changed at Stripe behind the app's back (the dashboard, another integration).
        const intent: FakeIntent | undefined = stripe.intents.get(card.intentId);
        if (intent) intent.amount = Math.max(50, intent.amount - 10);
        break;
      }
    }
    const paid = await this.payCard(voter, card);
    if (!paid) {
      this.retryLater(voter, attempt, (next) => this.stripeVoter(voter, next));
      return;
    }
    await this.poll(voter, card.paymentId);
    if (voter.behaviour === 'refunded') {
      const amount = stripe.intents.get(card.intentId)?.amount ?? 0;
      this.later(voter.after, () => this.refund(voter, card.paymentId, amount, 'USD'));
    }
    if (voter.behaviour === 'disputed-won' || voter.behaviour === 'disputed-lost') {
      const outcome = voter.behaviour === 'disputed-won' ? 'won' : 'lost';
      this.later(voter.after, () => this.dispute(voter, card.intentId, outcome));
    }
  }

  private async dispute(voter: Voter, intentId: string, outcome: 'won' | 'lost') {
    const { stripe } = this.options;
    let opened: ReturnType<FakeStripe['openDispute']>;
    try {
      opened = stripe.openDispute(intentId);
    } catch {
      return; // Refunded or never paid in the end: nothing to dispute.
    }
    await this.deliver(
      voter,
      opened.events.map((e) => this.stripeEvent(e)),
    );
    this.later(voter.after, async () => {
      const events = stripe.closeDispute(opened.dispute.id, outcome);
      await this.deliver(
        voter,
        events.map((e) => this.stripeEvent(e)),
      );
    });
  }

  /**
   * The admin refunds a share of the payment through the admin route. A provider or database
   * fault answers an error: the admin tries again an hour later, as they would.
   */
  private async refund(
    voter: Voter,
    paymentId: string,
    amount: number,
    currency: 'XAF' | 'USD',
    attempt = 0,
  ): Promise<void> {
    const share =
      voter.refundShare < 1 ? Math.max(1, Math.floor(amount * voter.refundShare)) : undefined;
    const answer = await this.send({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refund`,
      headers: this.options.adminHeaders,
      json: { reason: 'Soak refund', ...(share !== undefined ? { amount: share } : {}) },
    });
    if (answer.status !== 200) this.count(this.counts.answers, `refund ${answer.status}`);
    if (answer.status === 0 || answer.status >= 500) {
      if (attempt < REDELIVERIES)
        this.later(1, () => this.refund(voter, paymentId, amount, currency, attempt + 1));
      return;
    }
    if (answer.status !== 200) return; // Not refundable (a review, a dispute): the check reads why.
    this.count(this.counts.payments, `refunds ${currency}`);
    if (currency === 'XAF') {
      // The withdrawal reaches the voter's number; Campay calls back about it.
      const refunded = Number(answer.body?.refundedAmount ?? 0);
      const tx = this.withdrawalsByReference.get(`refund-${paymentId}-${refunded}`);
      if (tx) {
        this.options.campay.complete(tx.reference);
        await this.deliver(voter, [this.campayCallback(tx)]);
      }
    } else {
      const intentId = await this.intentOf(paymentId);
      if (intentId) {
        const events = (this.eventsByIntent.get(intentId) ?? []).filter((e) =>
          e.type.includes('refund'),
        );
        await this.deliver(
          voter,
          events.map((e) => this.stripeEvent(e)),
        );
      }
    }
  }

  private async intentOf(paymentId: string): Promise<string | undefined> {
    const rows = rowsOf<{ provider_ref: string | null }>(
      await this.options.db.execute(sql`SELECT provider_ref FROM payments WHERE id = ${paymentId}`),
    );
    return rows[0]?.provider_ref ?? undefined;
  }

  /** The voter's browser asks once how the payment went. */
  private async poll(voter: Voter, paymentId: string | null): Promise<void> {
    if (paymentId)
      await this.send({ url: `/api/payment/${paymentId}/status`, headers: fromVoter(voter) });
  }

  /**
   * Whether the app has already given up on the payment (expired it): the late success then comes
   * after the expiry. Asked once, never waited on: a waiting voter would hold up the hour.
   */
  private async noteLateness(paymentId: string | null): Promise<void> {
    if (!paymentId) return;
    const rows = rowsOf<{ status: string }>(
      await this.options.db.execute(sql`SELECT status FROM payments WHERE id = ${paymentId}`),
    );
    this.count(
      this.counts.payments,
      rows[0]?.status === 'pending' ? 'late success before expiry' : 'late success after expiry',
    );
  }
}

export function faultLabel(fault: Fault): string {
  const kind: FaultKind = fault.kind;
  if (kind === 'instance-kill') return `${kind} (${fault.during ?? 'settlement'})`;
  return fault.provider ? `${kind} (${fault.provider})` : kind;
}

/** Calls `seen` with each transaction the fake records from now on. */
function indexCampay(campay: FakeCampay, seen: (tx: FakeCampayTransaction) => void) {
  const map = campay.transactions;
  const set = map.set.bind(map);
  map.set = (key, tx) => {
    seen(tx);
    return set(key, tx);
  };
}

/** Calls `seen` with each event the fake emits from now on. */
function indexStripeEvents(stripe: FakeStripe, seen: (event: FakeEvent) => void) {
  const events = stripe.events;
  const push = events.push.bind(events);
  events.push = (...items: FakeEvent[]) => {
    for (const item of items) seen(item);
    return push(...items);
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function sequence(tasks: Task[]): Promise<void> {
  for (const task of tasks) await task();
}

/** Runs `tasks` with at most `size` at once. */
export async function runPool(tasks: Task[], size: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(size, tasks.length) }, worker));
}

/**
 * Each voter's own address, as the load balancer passes it on: one address for every voter would
 * make each client's limits and recent declines everyone's (and their queries read the whole
 * site's). Ignored where the app trusts no proxy.
 */
function fromVoter(voter: Voter): Record<string, string> {
  const i = voter.index;
  return { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
}
