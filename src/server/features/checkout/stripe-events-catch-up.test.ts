import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import { outboxMessages, paymentEvents } from '#server/db/schema.js';
import { loadConfig } from '#server/config.js';
import { FakeStripe, type FakeEvent } from '#test/fakes/fake-stripe.js';
import { paymentRow, tallyMismatches } from '#test/support/payment-test-kit.js';
import { stripeCardKit } from '#test/support/stripe-card-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { readProviderCursor } from './provider-cursor.js';
import { recordedStripeNotices } from './recorded-stripe-notices.js';
import { catchUpStripeEvents, stripeEventsJob } from './stripe-events-catch-up.js';

/** The event types the app acts on, as the catch-up asks Stripe for them. */
const ACTED_ON = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'charge.succeeded',
  'charge.updated',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

/**
 * Stripe events whose webhook never reached the app, read back from the fake Stripe's Events API
 * over HTTP by the real SDK and applied as the webhook applies them.
 */
describeEachDatabase("catching up on Stripe's events", (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    t = await createTestApp(kind, { ...stripe.env, PAYMENT_POLL_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });
  beforeEach(async () => {
    // Each test reads only its own events, from no cursor.
    stripe.events.length = 0;
    await t.database.query('DELETE FROM provider_cursors');
  });
  afterEach(() => {
    stripe.failNext(0);
    vi.restoreAllMocks();
  });

  const kit = stripeCardKit(
    () => t.app,
    () => t.database.db,
    () => stripe,
  );
  const catchUp = (options?: { windowCap?: number }) => catchUpStripeEvents(t.app.ctx, options);
  const unixNow = () => Math.floor(Date.now() / 1000);
  const cursor = () => readProviderCursor(t.database.db, 'stripe-events');
  const setCursor = (position: number) =>
    t.database.query(
      `INSERT INTO provider_cursors (name, position) VALUES ('stripe-events', $1)
       ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position`,
      [position],
    );
  /** The `created` of the newest of `events` the catch-up reads. */
  const newest = (events: readonly FakeEvent[]) =>
    Math.max(...events.filter((e) => ACTED_ON.has(e.type)).map((e) => e.created));
  const votesOf = async (nominationId: string) =>
    (
      await t.database.query<{ vote_count: number }>(
        'SELECT vote_count FROM nominations WHERE id = $1',
        [nominationId],
      )
    )[0]!.vote_count;
  const historyOf = (paymentId: string) =>
    t.database.db
      .select({ to: paymentEvents.toStatus, source: paymentEvents.source })
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paymentId))
      .orderBy(asc(paymentEvents.createdAt));
  /** Everything a repeat must leave alone: the payment, its history, its messages, the tallies. */
  const standing = async (paymentId: string, nominationId: string) => ({
    payment: await paymentRow(t.database.db, paymentId),
    history: await historyOf(paymentId),
    messages: (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(eq(outboxMessages.paymentId, paymentId))
    )[0]!.n,
    votes: await votesOf(nominationId),
  });

  it('records a dispute Stripe closed whose events never arrived: the payment ends as a lost dispute', async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(4);
    const { dispute } = stripe.openDispute(intentId);
    stripe.closeDispute(dispute.id, 'lost');

    const result = await catchUp();
    // The charge and intent successes (already delivered), the opening, the withdrawal, the close.
    expect(result).toEqual({ handled: 5, cursor: newest(stripe.events) });
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'disputed',
      disputeId: dispute.id,
      disputeStatus: 'lost',
    });
    expect(await votesOf(nominationId)).toBe(0);
    // Opened, then closed: two revisions, in Stripe's order.
    expect(await historyOf(paymentId)).toEqual([
      { to: 'completed', source: 'webhook' },
      { to: 'disputed', source: 'reconcile' },
      { to: 'disputed', source: 'reconcile' },
    ]);
    expect(await cursor()).toBe(result.cursor);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('records a refund made at Stripe that no webhook brought', async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(4);
    // From Stripe's dashboard: half the money back.
    await stripe.client().refunds.create({ payment_intent: intentId, amount: 100 });

    await catchUp();
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'refunded',
      refundedAmount: 100,
    });
    expect(await votesOf(nominationId)).toBe(2);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('settles a success whose webhook never came, and records its fee', async () => {
    const { paymentId, intentId, nominationId } = await kit.startCardPayment(3);
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('pending');

    await catchUp();
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'completed',
      // 2.9% + 30 cents of $1.50.
      providerFee: 34,
    });
    expect(await votesOf(nominationId)).toBe(3);
    expect(await historyOf(paymentId)).toEqual([{ to: 'completed', source: 'reconcile' }]);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('changes nothing reading back what the webhooks delivered, nor on a repeat; the cursor moves on', async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(2);
    const { dispute, events: opened } = stripe.openDispute(intentId);
    await kit.deliverAll(opened);
    await kit.deliverAll(stripe.closeDispute(dispute.id, 'won'));
    // All of it a minute ago.
    for (const event of stripe.events) event.created -= 60;
    const delivered = await standing(paymentId, nominationId);
    expect(delivered.payment).toMatchObject({ status: 'completed', disputeStatus: 'won' });

    const first = await catchUp();
    expect(first).toEqual({ handled: 6, cursor: newest(stripe.events) });
    expect(await standing(paymentId, nominationId)).toEqual(delivered);

    // Another payment since: the next run reads the first one's events again (the overlap)
    // and moves on to the new ones.
    const later = await kit.paidCardPayment(1);
    const second = await catchUp();
    expect(second).toEqual({ handled: 8, cursor: newest(stripe.events) });
    expect(second.cursor).toBeGreaterThan(first.cursor!);
    expect(await cursor()).toBe(second.cursor);
    expect(await standing(paymentId, nominationId)).toEqual(delivered);

    const laterStanding = await standing(later.paymentId, later.nominationId);
    expect(await catchUp()).toEqual(second);
    expect(await standing(paymentId, nominationId)).toEqual(delivered);
    expect(await standing(later.paymentId, later.nominationId)).toEqual(laterStanding);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('stops at an event that must wait, holding the cursor, and applies it once it can', async () => {
    const { paymentId, intentId, nominationId } = await kit.startCardPayment(2);
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    // Paid an hour ago, before the catch-up last read, and the success's webhook was lost.
    for (const event of stripe.events) event.created -= 3600;
    const start = unixNow() - 60;
    await setCursor(start);
    const { dispute } = stripe.openDispute(intentId);

    // A dispute of a payment whose success is not recorded here yet must wait for it.
    expect(await catchUp()).toEqual({ handled: 0, cursor: start, stopped: 'deferred' });
    expect(await cursor()).toBe(start);
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('pending');

    await kit.deliverAll(stripe.eventsFor(intentId, 'payment_intent.succeeded'));
    expect(await votesOf(nominationId)).toBe(2);
    const next = await catchUp();
    expect(next).toEqual({ handled: 2, cursor: newest(stripe.events) });
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'disputed',
      disputeId: dispute.id,
      disputeStatus: 'needs_response',
    });
    expect(await votesOf(nominationId)).toBe(0);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('stops at an event whose apply fails: nothing after it is applied, and the next run applies both', async () => {
    const first = await kit.paidCardPayment(2);
    const second = await kit.paidCardPayment(2);
    for (const event of stripe.events) event.created -= 3600;
    const start = unixNow() - 60;
    await setCursor(start);
    await stripe.client().refunds.create({ payment_intent: first.intentId, amount: 50 });
    await stripe.client().refunds.create({ payment_intent: second.intentId, amount: 50 });
    // The first refund a few seconds before the second.
    stripe.eventsFor(first.intentId, 'charge.refunded')[0]!.created -= 5;

    // The database fails the first refund's revision.
    vi.spyOn(t.app.ctx.db, 'transaction').mockRejectedValueOnce(new Error('connection lost'));
    const warned = vi.spyOn(t.app.ctx.log, 'warn');
    expect(await catchUp()).toEqual({ handled: 0, cursor: start, stopped: 'failed' });
    expect(warned).toHaveBeenCalled();
    expect(await cursor()).toBe(start);
    for (const { paymentId } of [first, second]) {
      expect((await paymentRow(t.database.db, paymentId))!.refundedAmount).toBe(0);
    }

    expect(await catchUp()).toEqual({ handled: 2, cursor: newest(stripe.events) });
    for (const { paymentId, nominationId } of [first, second]) {
      expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
        status: 'refunded',
        refundedAmount: 50,
      });
      expect(await votesOf(nominationId)).toBe(1);
    }
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('leaves the cursor where it was while Stripe answers 5xx, and catches up once it answers', async () => {
    const { paymentId, intentId } = await kit.startCardPayment(1);
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const start = unixNow() - 60;
    await setCursor(start);

    stripe.failNext(1_000);
    const warned = vi.spyOn(t.app.ctx.log, 'warn');
    expect(await catchUp()).toEqual({ handled: 0, cursor: start, stopped: 'unavailable' });
    expect(warned).toHaveBeenCalledTimes(1);
    expect(await cursor()).toBe(start);
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('pending');

    stripe.failNext(0);
    expect(await catchUp()).toEqual({ handled: 2, cursor: newest(stripe.events) });
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('completed');
  });

  it('first reads back RECONCILE_LOOKBACK_DAYS; a backlog larger than a window is read oldest first, none skipped', async () => {
    const started = [];
    for (let i = 0; i < 5; i++) started.push(await kit.startCardPayment(1));
    // Paid 8, 6, 4 and 2 days and an hour ago; none of the webhooks arrived.
    const ages = [8 * 86_400, 6 * 86_400, 4 * 86_400, 2 * 86_400, 3600];
    for (const [i, { intentId }] of started.entries()) {
      const from = stripe.events.length;
      await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
      for (const event of stripe.events.slice(from)) event.created = unixNow() - ages[i]!;
    }
    const listings = () => stripe.requests.filter((r) => r.path === '/v1/events').length;
    const before = listings();

    // Two events a window: Stripe's newest-first lists are narrowed until the oldest fit.
    const result = await catchUp({ windowCap: 2 });
    expect(result).toEqual({ handled: 8, cursor: newest(stripe.events) });
    expect(listings() - before).toBeGreaterThan(4);
    const statuses = [];
    for (const { paymentId } of started) {
      statuses.push((await paymentRow(t.database.db, paymentId))!.status);
    }
    // The 7 days looked back: the payment of 8 days ago is the reconciler's, not this catch-up's.
    expect(statuses).toEqual(['pending', 'completed', 'completed', 'completed', 'completed']);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('reads back a look back of part of a day in whole seconds, as Stripe takes them', async () => {
    const partDay = await createTestApp(kind, {
      ...stripe.env,
      PAYMENT_POLL_INTERVAL_MS: '0',
      RECONCILE_LOOKBACK_DAYS: '0.0217',
    });
    try {
      const started = await kit.startCardPayment(1);
      await stripe
        .client()
        .paymentIntents.confirm(started.intentId, { payment_method: 'pm_card_visa' });
      const result = await catchUpStripeEvents(partDay.app.ctx);
      expect(result.stopped).toBeUndefined();
      expect(result.handled).toBeGreaterThan(0);
    } finally {
      await partDay.close();
    }
  });

  it('passes over an event still refused three days after it happened, so it holds back no other', async () => {
    const stuck = await kit.startCardPayment(1);
    const late = await kit.startCardPayment(1);
    const confirm = (intentId: string) =>
      stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    // Paid ten days ago, past the first run's look back: the app never hears of the success.
    const from = stripe.events.length;
    await confirm(stuck.intentId);
    for (const event of stripe.events.slice(from)) event.created = unixNow() - 10 * 86_400;
    const { events: opened } = stripe.openDispute(stuck.intentId);
    for (const event of opened) event.created = unixNow() - 4 * 86_400;
    await confirm(late.intentId);

    const logged = vi.spyOn(t.app.ctx.log, 'error');
    expect(await catchUp()).toEqual({ handled: 4, cursor: newest(stripe.events) });
    expect(logged.mock.calls.map(([fields]) => (fields as { eventId: string }).eventId)).toEqual(
      opened.map((e) => e.id),
    );
    expect((await paymentRow(t.database.db, stuck.paymentId))!.status).toBe('pending');
    expect((await paymentRow(t.database.db, late.paymentId))!.status).toBe('completed');
  });

  it('leaves out, in one query, what the payments already show; the rest is applied', async () => {
    const { intentId } = await kit.paidCardPayment(2);
    const notices = async () =>
      (await t.app.ctx.providers.stripe!.listEvents({ from: 0 }, Infinity)).events.flatMap((e) =>
        e.notice ? [e.notice] : [],
      );
    const delivered = await notices();
    expect(delivered.map((n) => n.kind)).toContain('intent');
    expect((await recordedStripeNotices(t.database.db, delivered)).size).toBe(delivered.length);

    // Refunded at Stripe, not heard of here: not shown, so the catch-up applies it.
    await stripe.client().refunds.create({ payment_intent: intentId, amount: 100 });
    const refund = (await notices()).find((n) => n.kind === 'refund')!;
    expect((await recordedStripeNotices(t.database.db, [refund])).size).toBe(0);
    await catchUp();
    expect((await recordedStripeNotices(t.database.db, [refund])).size).toBe(1);
  });

  it('runs as a job every STRIPE_EVENTS_INTERVAL_SECONDS, on one instance at a time', async () => {
    const job = stripeEventsJob(t.app.ctx);
    expect(job.name).toBe('stripe-events');
    // The suite's app turns the schedule off; the setting's own default is five minutes.
    expect(job.intervalSeconds).toBe(0);
    const defaults = loadConfig({ NODE_ENV: 'test' });
    expect(stripeEventsJob({ ...t.app.ctx, config: defaults }).intervalSeconds).toBe(300);
    const { paymentId, intentId } = await kit.startCardPayment(1);
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });

    // Another instance's run under way: this one leaves it the events.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const other = t.app.ctx.database.locks.run(ADVISORY_LOCKS.stripeEvents, () => held);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await catchUp()).toEqual({ handled: 0, cursor: null, stopped: 'busy' });
    release();
    expect((await other).held).toBe(true);

    await job.run();
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('completed');
  });
});
