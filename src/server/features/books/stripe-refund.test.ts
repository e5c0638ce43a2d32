import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { auditLog, paymentEvents, refundOrders } from '#server/db/schema.js';
import { retryOpenRefundOrders } from './refund-payment.js';
import { FakeStripe, type FakeCharge } from '#test/fakes/fake-stripe.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { paymentRow, tallyMismatches } from '#test/support/payment-test-kit.js';
import { stripeCardKit } from '#test/support/stripe-card-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import type { IntegrityReport } from '#shared/schemas/integrity.js';
import type { RefundResponse } from '#shared/schemas/payment.js';

/** Admin refunds of real card payments: the route, the real SDK, and the fake Stripe's refunds. */
describeEachDatabase('admin refunds of card payments at Stripe', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let admin: Record<string, string>;
  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    t = await createTestApp(kind, { ...stripe.env, PAYMENT_POLL_INTERVAL_MS: '0' });
    admin = (await signedInUser(t.database.db, { isAdmin: true })).headers;
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });
  afterEach(() => {
    stripe.failNext(0);
    stripe.dropNext(0);
  });

  const kit = stripeCardKit(
    () => t.app,
    () => t.database.db,
    () => stripe,
  );
  const refund = (id: string, json: unknown) =>
    call<RefundResponse & { message?: string }>(t.app, {
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers: admin,
      json,
    });
  const votesOf = async (nominationId: string) =>
    (
      await t.database.query<{ vote_count: number }>(
        'SELECT vote_count FROM nominations WHERE id = $1',
        [nominationId],
      )
    )[0]!.vote_count;
  const refundCalls = () =>
    stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
  const historyOf = async (paymentId: string) =>
    t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
  const chargeOf = (intentId: string): FakeCharge =>
    stripe.charges.get(stripe.intents.get(intentId)!.latest_charge!)!;

  it('refunds in part, then the rest, at Stripe; a third time is a 409 that never reaches Stripe', async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(10);
    expect(await votesOf(nominationId)).toBe(10);

    const part = await refund(paymentId, { reason: 'Charged twice', amount: 75 });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ status: 'refunded', refundedAmount: 75, countedVotes: 8 });
    expect(chargeOf(intentId).amount_refunded).toBe(75);

    const rest = await refund(paymentId, { reason: 'Voter asked' });
    expect(rest.body).toMatchObject({ status: 'refunded', refundedAmount: 500, countedVotes: 0 });
    expect(chargeOf(intentId)).toMatchObject({ amount_refunded: 500, refunded: true });
    expect(await votesOf(nominationId)).toBe(0);

    const calls = refundCalls().filter((r) => r.params.payment_intent === intentId);
    expect(calls.map((r) => [r.params.amount, r.idempotencyKey])).toEqual([
      ['75', `palmares-refund-${paymentId}-75`],
      ['425', `palmares-refund-${paymentId}-500`],
    ]);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(
      2,
    );

    const again = await refund(paymentId, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(refundCalls().filter((r) => r.params.payment_intent === intentId)).toHaveLength(2);

    // Stripe's own reports of those refunds arrive afterwards, repeated and the newest first:
    // the payment already says all of it, so nothing moves again.
    const history = await historyOf(paymentId);
    const reports = stripe.eventsFor(intentId, 'charge.refunded');
    expect(reports.map((e) => (e.data.object as FakeCharge).amount_refunded)).toEqual([75, 500]);
    await kit.deliverAll([...reports].reverse());
    await kit.deliverAll(reports);
    await kit.deliverAll(stripe.eventsFor(intentId, 'refund.created'));
    expect(await historyOf(paymentId)).toHaveLength(history.length);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'refunded',
      refundedAmount: 500,
    });
    expect(await votesOf(nominationId)).toBe(0);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, paymentId));
    expect(audit.map((row) => row.reason).sort()).toEqual(['Charged twice', 'Voter asked']);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
    const integrity = await call<IntegrityReport>(t.app, {
      url: '/api/admin/integrity',
      headers: admin,
    });
    expect(integrity.body).toMatchObject({ ok: true, differences: [] });
  });

  it('a reply lost after Stripe refunded is retried with the same key: one refund, votes out once', async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(4);
    stripe.dropNext(1);
    const answer = await refund(paymentId, { reason: 'Lost reply' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ refundedAmount: 200, countedVotes: 0 });
    const calls = refundCalls().filter((r) => r.params.payment_intent === intentId);
    // The SDK's retry carried the same key, and Stripe replayed the refund it had made.
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((r) => r.idempotencyKey))).toEqual(
      new Set([`palmares-refund-${paymentId}-200`]),
    );
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(
      1,
    );
    expect(await votesOf(nominationId)).toBe(0);
  });

  it('Stripe unreachable: 502 and nothing revoked; the retry refunds once', async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(2);
    stripe.failNext(10);
    const failed = await refund(paymentId, { reason: 'Outage' });
    stripe.failNext(0);
    expect(failed.status).toBe(502);
    expect(await votesOf(nominationId)).toBe(2);
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('completed');
    const retried = await refund(paymentId, { reason: 'Outage, again' });
    expect(retried.status).toBe(200);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(
      1,
    );
    expect(await votesOf(nominationId)).toBe(0);
  });

  it('money refunded at Stripe behind our back: Stripe refuses, the admin is told, and its event revokes the votes', async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(2);
    await stripe.client().refunds.create({ payment_intent: intentId });
    const refused = await refund(paymentId, { reason: 'Too late' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/already refunded or charged back/);
    expect(await votesOf(nominationId)).toBe(2);
    // Stripe said no: the order is closed, and nothing will try it again.
    expect((await ordersOf(paymentId)).map((o) => o.state)).toEqual(['refused']);
    await kit.deliverAll(stripe.eventsFor(intentId, 'charge.refunded'));
    expect(await votesOf(nominationId)).toBe(0);
    expect((await refund(paymentId, { reason: 'Once more' })).status).toBe(409);
  });

  const ordersOf = (paymentId: string) =>
    t.database.db.select().from(refundOrders).where(eq(refundOrders.paymentId, paymentId));
  /** Makes the payment's open order due another attempt, as if it had waited an hour. */
  const ageOrders = (paymentId: string) =>
    t.database.query(
      `UPDATE refund_orders SET created_at = now() - interval '1 hour',
         attempted_at = now() - interval '1 hour' WHERE payment_id = $1`,
      [paymentId],
    );
  const refundsAtStripe = (intentId: string) =>
    [...stripe.refunds.values()].filter((r) => r.payment_intent === intentId);

  it('every answer an error after Stripe refunded: the refund job records it, once, without the admin', async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(4);
    // Stripe refunds, and its answer to every try of that key is an error.
    stripe.failNext(1, { afterActing: true });
    const lost = await refund(paymentId, { reason: 'Voter asked' });
    expect(lost.status).toBe(502);
    expect(lost.body.message).toMatch(/tries again on its own/);
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(await votesOf(nominationId)).toBe(4);
    expect((await ordersOf(paymentId)).map((o) => o.state)).toEqual(['open']);

    await ageOrders(paymentId);
    const calls = refundCalls().length;
    expect(await retryOpenRefundOrders(t.app.ctx)).toEqual({ done: 1, open: 0 });
    // The charge said the money was back: no second refund was asked for.
    expect(refundCalls()).toHaveLength(calls);
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(await votesOf(nominationId)).toBe(0);
    const [order] = await ordersOf(paymentId);
    expect(order).toMatchObject({ state: 'done', refundedTotal: 200, amount: 200 });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, paymentId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: order!.actorEmail, reason: 'Voter asked' });
    expect(order!.actorEmail).toBeTruthy();
    // Nothing left for the job, and the admin is told the money is back.
    expect(await retryOpenRefundOrders(t.app.ctx)).toEqual({ done: 0, open: 0 });
    expect((await refund(paymentId, { reason: 'Again' })).status).toBe(409);
  });

  it('while a refund waits for Stripe, another one is a 409; the same one asked again is carried out', async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(4);
    stripe.failNext(10);
    expect((await refund(paymentId, { reason: 'Outage', amount: 100 })).status).toBe(502);
    stripe.failNext(0);
    const other = await refund(paymentId, { reason: 'More', amount: 150 });
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/A refund of 100 USD of this payment is waiting/);
    const outside = await refund(paymentId, { reason: 'Cash', amount: 100, method: 'outside' });
    expect(outside.status).toBe(409);
    const same = await refund(paymentId, { reason: 'Outage, again', amount: 100 });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ refundedAmount: 100, countedVotes: 2 });
    expect(refundsAtStripe(intentId).map((r) => r.amount)).toEqual([100]);
    expect(await votesOf(nominationId)).toBe(2);
    expect((await ordersOf(paymentId)).map((o) => o.state)).toEqual(['done']);
  });

  it('the admin asking again while the job carries out the same order: one refund, recorded once', async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(4);
    stripe.failNext(1, { afterActing: true });
    expect((await refund(paymentId, { reason: 'Race' })).status).toBe(502);
    await ageOrders(paymentId);
    const [admin, job] = await Promise.all([
      refund(paymentId, { reason: 'Race, again' }),
      retryOpenRefundOrders(t.app.ctx),
    ]);
    // Whichever held the payment's refund lock recorded it; the other found it under way or done.
    expect([200, 409]).toContain(admin.status);
    expect(admin.status === 200 || job.done === 1).toBe(true);
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(await votesOf(nominationId)).toBe(0);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({ refundedAmount: 200 });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, paymentId));
    expect(audit).toHaveLength(1);
    // A job that lost the race leaves the order to its next run, which finds it closed.
    expect(await retryOpenRefundOrders(t.app.ctx)).toEqual({ done: 0, open: 0 });
    expect((await ordersOf(paymentId)).map((o) => o.state)).toEqual(['done']);
  });

  it("Stripe's own report records a waiting refund first: the job closes its order and sends nothing", async () => {
    const { paymentId, intentId, nominationId } = await kit.paidCardPayment(2);
    stripe.failNext(1, { afterActing: true });
    expect((await refund(paymentId, { reason: 'Lost' })).status).toBe(502);
    await kit.deliverAll(stripe.eventsFor(intentId, 'charge.refunded'));
    expect(await votesOf(nominationId)).toBe(0);
    await ageOrders(paymentId);
    const calls = stripe.requests.length;
    expect(await retryOpenRefundOrders(t.app.ctx)).toEqual({ done: 1, open: 0 });
    expect(stripe.requests).toHaveLength(calls);
    expect((await ordersOf(paymentId)).map((o) => o.state)).toEqual(['done']);
    expect(refundsAtStripe(intentId)).toHaveLength(1);
  });
});
