import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#server/db/schema.js';
import { reconcilePendingPayments } from '#server/payments/reconcile.js';
import { FakeStripe } from '#test/fakes/fake-stripe.js';
import { call } from '#test/support/call-app.js';
import { paymentRow, tallyMismatches } from '#test/support/payment-test-kit.js';
import { stripeCardKit } from '#test/support/stripe-card-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';

/**
 * What happens to a card payment's money around and after its success, each step driven by the
 * fake Stripe's own state and signed events: disputes, 3-D Secure, bank debits still processing,
 * and the fee Stripe keeps.
 */
describeEachDatabase('card payments beyond the success, against the Stripe fake', (kind) => {
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
  afterEach(() => {
    stripe.failNext(0);
    stripe.balanceTransactionsLater = false;
  });

  const kit = stripeCardKit(
    () => t.app,
    () => t.database.db,
    () => stripe,
  );
  const votesOf = async (nominationId: string) =>
    (
      await t.database.query<{ vote_count: number }>(
        'SELECT vote_count FROM nominations WHERE id = $1',
        [nominationId],
      )
    )[0]!.vote_count;
  const feeOf = async (paymentId: string) =>
    (
      await t.database.db
        .select({ fee: payments.providerFee })
        .from(payments)
        .where(eq(payments.id, paymentId))
    )[0]!.fee;
  const statusOf = async (paymentId: string) =>
    (await call(t.app, { url: `/api/payment/${paymentId}/status` })).body.status;

  describe('disputes', () => {
    it('opened takes the votes out; won puts them back; late and repeated reports change nothing', async () => {
      const { paymentId, intentId, nominationId } = await kit.paidCardPayment(4);
      const { dispute, events: opened } = stripe.openDispute(intentId);
      await kit.deliverAll(opened);
      expect(await votesOf(nominationId)).toBe(0);
      expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
        status: 'disputed',
        disputeId: dispute.id,
        disputeStatus: 'needs_response',
      });
      expect(await statusOf(paymentId)).toBe('disputed');

      const closed = stripe.closeDispute(dispute.id, 'won');
      await kit.deliverAll(closed);
      expect(await votesOf(nominationId)).toBe(4);
      // The opening, delivered again after the win, cannot reopen a closed dispute.
      await kit.deliverAll([...opened, ...closed, ...opened]);
      expect(await votesOf(nominationId)).toBe(4);
      expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
        status: 'completed',
        disputeStatus: 'won',
      });
      expect(await tallyMismatches(t.database.db)).toEqual([]);
    });

    it('lost keeps the votes out, whatever order the reports come in', async () => {
      const { paymentId, intentId, nominationId } = await kit.paidCardPayment(3);
      const { dispute, events: opened } = stripe.openDispute(intentId);
      const closed = stripe.closeDispute(dispute.id, 'lost');
      // The closing first, then the opening and the withdrawal, then all of it again.
      await kit.deliverAll([...closed, ...opened.reverse(), ...closed, ...opened]);
      expect(await votesOf(nominationId)).toBe(0);
      expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
        status: 'disputed',
        disputeStatus: 'lost',
      });
      expect(await tallyMismatches(t.database.db)).toEqual([]);
    });

    it('won delivered before its opening still ends with the votes in', async () => {
      const { intentId, nominationId } = await kit.paidCardPayment(2);
      const { dispute, events: opened } = stripe.openDispute(intentId);
      const closed = stripe.closeDispute(dispute.id, 'won');
      await kit.deliverAll([...closed, ...opened]);
      expect(await votesOf(nominationId)).toBe(2);
    });
  });

  describe('3-D Secure and processing', () => {
    it('a 3-D Secure intent waits for the challenge; failed stays open, passed settles once', async () => {
      const { paymentId, intentId, nominationId } = await kit.startCardPayment(2);
      const browser = stripe.client();
      const needsAction = await browser.paymentIntents.confirm(intentId, {
        payment_method: 'pm_card_threeDSecure2Required',
        return_url: 'http://127.0.0.1:1/payment/return',
      });
      expect(needsAction.status).toBe('requires_action');
      expect(needsAction.next_action?.type).toBe('redirect_to_url');
      await kit.deliverAll(stripe.eventsFor(intentId, 'payment_intent.requires_action'));
      const confirm = () =>
        call(t.app, {
          method: 'POST',
          url: '/api/confirm-payment',
          body: { paymentIntentId: intentId },
        });
      expect((await confirm()).body).toEqual({ paymentId, status: 'pending' });
      expect(await statusOf(paymentId)).toBe('pending');

      await kit.deliverAll([stripe.authenticate(intentId, false)]);
      expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
        status: 'pending',
        failureReason: expect.stringMatching(/failed authentication/) as unknown,
      });
      expect(await votesOf(nominationId)).toBe(0);

      await browser.paymentIntents.confirm(intentId, {
        payment_method: 'pm_card_threeDSecure2Required',
      });
      const passed = stripe.authenticate(intentId, true);
      await kit.deliverAll([passed, passed]);
      expect((await confirm()).body).toEqual({ paymentId, status: 'completed' });
      expect(await votesOf(nominationId)).toBe(2);
      expect(await tallyMismatches(t.database.db)).toEqual([]);
    });

    it('a processing intent is neither credited nor expired; it settles when the money arrives', async () => {
      const paid = await kit.startCardPayment(1);
      const bounced = await kit.startCardPayment(1);
      for (const p of [paid, bounced]) {
        const intent = await stripe.client().paymentIntents.confirm(p.intentId, {
          payment_method: 'pm_usBankAccount',
        });
        expect(intent.status).toBe('processing');
        await kit.deliverAll(stripe.eventsFor(p.intentId, 'payment_intent.processing'));
        expect(await statusOf(p.paymentId)).toBe('pending');
      }
      // Past the expiry: Stripe refuses to cancel a processing intent, so the payment waits.
      await t.database.db.execute(
        sql`UPDATE payments SET created_at = now() - interval '3 days'
            WHERE id IN (${paid.paymentId}, ${bounced.paymentId})`,
      );
      await reconcilePendingPayments(t.app.ctx);
      expect((await paymentRow(t.database.db, paid.paymentId))!.status).toBe('pending');
      expect(stripe.intents.get(paid.intentId)!.status).toBe('processing');

      await kit.deliverAll([stripe.finishProcessing(paid.intentId, true)]);
      expect((await paymentRow(t.database.db, paid.paymentId))!.status).toBe('completed');
      expect(await votesOf(paid.nominationId)).toBe(1);

      await kit.deliverAll([stripe.finishProcessing(bounced.intentId, false)]);
      expect((await paymentRow(t.database.db, bounced.paymentId))!.status).toBe('pending');
      expect(await votesOf(bounced.nominationId)).toBe(0);
      // Now open again with nothing under way, the expiry may close it.
      await reconcilePendingPayments(t.app.ctx);
      expect(await paymentRow(t.database.db, bounced.paymentId)).toMatchObject({
        status: 'failed',
        failureReason: 'expired',
      });
      expect(await tallyMismatches(t.database.db)).toEqual([]);
    });
  });

  describe("Stripe's fee", () => {
    it('is recorded from the charge balance transaction once the success is settled', async () => {
      const { paymentId } = await kit.paidCardPayment(10);
      // $5.00: 2.9% is 14.5 cents, rounded to 15, plus 30.
      expect(await feeOf(paymentId)).toBe(45);
    });

    it('comes with charge.updated when Stripe attaches the balance transaction later, once', async () => {
      stripe.balanceTransactionsLater = true;
      const { paymentId, intentId } = await kit.paidCardPayment(2);
      await kit.deliverAll(stripe.eventsFor(intentId, 'charge.succeeded'));
      expect(await feeOf(paymentId)).toBeNull();
      const updated = stripe
        .attachBalanceTransactions()
        .filter((e) => stripe.eventsFor(intentId).includes(e));
      expect(updated).toHaveLength(1);
      await kit.deliverAll(updated);
      expect(await feeOf(paymentId)).toBe(33);
      const asked = () =>
        stripe.requests.filter((r) => r.method === 'GET' && r.path.endsWith(intentId)).length;
      const before = asked();
      await kit.deliverAll([...updated, ...stripe.eventsFor(intentId, 'payment_intent.succeeded')]);
      expect(asked()).toBe(before);
      expect(await feeOf(paymentId)).toBe(33);
    });

    it('a Stripe that cannot be asked does not fail the webhook; the reconciler fills it in', async () => {
      const { paymentId, intentId, nominationId } = await kit.startCardPayment(3);
      await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
      stripe.failNext(10);
      await kit.deliverAll(stripe.eventsFor(intentId, 'payment_intent.succeeded'));
      stripe.failNext(0);
      expect((await paymentRow(t.database.db, paymentId))!.status).toBe('completed');
      expect(await votesOf(nominationId)).toBe(3);
      expect(await feeOf(paymentId)).toBeNull();
      await reconcilePendingPayments(t.app.ctx);
      expect(await feeOf(paymentId)).toBe(34);
    });

    it('is never asked for a payment that is not paid', async () => {
      const { paymentId, intentId } = await kit.startCardPayment(1);
      stripe.balanceTransactionsLater = false;
      await stripe
        .client()
        .paymentIntents.confirm(intentId, {
          payment_method: 'pm_card_chargeDeclined',
        })
        .catch(() => undefined);
      await kit.deliverAll(stripe.eventsFor(intentId));
      expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
        status: 'pending',
        providerFee: null,
      });
    });
  });
});
