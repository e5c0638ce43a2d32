import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from './fake-stripe.js';

/**
 * The fake as the real SDK sees it: what an integration relies on (object shapes, state rules,
 * idempotency) must hold here, or the app's tests against it prove nothing.
 */
describe('fake Stripe through the stripe SDK', () => {
  let fake: FakeStripe;
  let sdk: Stripe;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    sdk = fake.client();
  });
  afterAll(() => fake.stop());
  afterEach(() => {
    fake.failNext(0);
    fake.delay = null;
    fake.balanceTransactionsLater = false;
    fake.refundsPending = false;
  });

  const newIntent = (amount = 1000) =>
    sdk.paymentIntents.create({ amount, currency: 'usd', metadata: { paymentId: 'p1' } });
  const paid = async (amount = 1000) => {
    const intent = await newIntent(amount);
    return sdk.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  };

  describe('charges and balance transactions', () => {
    it('a succeeded intent has a latest charge whose balance transaction carries the fee', async () => {
      const intent = await paid(1000);
      expect(intent.status).toBe('succeeded');
      const chargeId = intent.latest_charge as string;
      expect(chargeId).toMatch(/^ch_/);
      const charge = await sdk.charges.retrieve(chargeId, { expand: ['balance_transaction'] });
      expect(charge).toMatchObject({
        amount: 1000,
        amount_captured: 1000,
        amount_refunded: 0,
        status: 'succeeded',
        paid: true,
        payment_intent: intent.id,
      });
      const txn = charge.balance_transaction as Stripe.BalanceTransaction;
      // 2.9% + 30 cents of $10.00.
      expect(txn).toMatchObject({
        amount: 1000,
        fee: 59,
        net: 941,
        type: 'charge',
        source: chargeId,
      });
      expect(txn.fee_details).toEqual([
        expect.objectContaining({ amount: 59, type: 'stripe_fee' }),
      ]);
      const viaIntent = await sdk.paymentIntents.retrieve(intent.id, {
        expand: ['latest_charge.balance_transaction'],
      });
      const expanded = viaIntent.latest_charge as Stripe.Charge;
      expect((expanded.balance_transaction as Stripe.BalanceTransaction).fee).toBe(59);
      expect((await sdk.balanceTransactions.retrieve(txn.id)).fee).toBe(59);
      expect(fake.eventsFor(intent.id).map((e) => e.type)).toEqual([
        'payment_intent.created',
        'charge.succeeded',
        'payment_intent.succeeded',
      ]);
    });

    it('refuses to expand what is not an object, and unknown ids', async () => {
      const intent = await paid();
      await expect(
        sdk.paymentIntents.retrieve(intent.id, { expand: ['currency'] }),
      ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
      await expect(sdk.charges.retrieve('ch_missing')).rejects.toMatchObject({
        code: 'resource_missing',
        statusCode: 404,
      });
    });

    it('a balance transaction that comes later arrives with charge.updated', async () => {
      fake.balanceTransactionsLater = true;
      const intent = await paid(500);
      const charge = await sdk.charges.retrieve(intent.latest_charge as string);
      expect(charge.balance_transaction).toBeNull();
      const [updated] = fake.attachBalanceTransactions();
      expect(updated!.type).toBe('charge.updated');
      expect(updated!.data.previous_attributes).toEqual({ balance_transaction: null });
      const after = await sdk.charges.retrieve(charge.id, { expand: ['balance_transaction'] });
      expect((after.balance_transaction as Stripe.BalanceTransaction).fee).toBe(45);
    });

    it('a declined attempt leaves a failed charge and a 402', async () => {
      const intent = await newIntent();
      const error = await sdk.paymentIntents
        .confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        type: 'StripeCardError',
        statusCode: 402,
        code: 'card_declined',
      });
      const after = await sdk.paymentIntents.retrieve(intent.id);
      expect(after.status).toBe('requires_payment_method');
      const charge = await sdk.charges.retrieve(after.latest_charge as string);
      expect(charge).toMatchObject({ status: 'failed', balance_transaction: null });
    });
  });

  describe('refunds', () => {
    it('refunds in part by intent, then the rest by charge, then refuses', async () => {
      const intent = await paid(1000);
      const part = await sdk.refunds.create({ payment_intent: intent.id, amount: 300 });
      expect(part).toMatchObject({ amount: 300, status: 'succeeded', payment_intent: intent.id });
      const rest = await sdk.refunds.create({ charge: intent.latest_charge as string });
      expect(rest.amount).toBe(700);
      const charge = await sdk.charges.retrieve(intent.latest_charge as string);
      expect(charge).toMatchObject({ amount_refunded: 1000, refunded: true });
      await expect(sdk.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
        statusCode: 400,
        code: 'charge_already_refunded',
      });
      const refunded = fake.eventsFor(intent.id, 'charge.refunded');
      expect(refunded.map((e) => (e.data.object as Stripe.Charge).amount_refunded)).toEqual([
        300, 1000,
      ]);
      expect(refunded[1]!.data.previous_attributes).toEqual({
        amount_refunded: 300,
        refunded: false,
      });
      expect(fake.eventsFor(intent.id, 'refund.created')).toHaveLength(2);
      const txn = await sdk.balanceTransactions.retrieve(part.balance_transaction as string);
      expect(txn).toMatchObject({ amount: -300, fee: 0, type: 'refund' });
    });

    it('refuses more than is left, an unpaid intent, and a disputed charge', async () => {
      const intent = await paid(1000);
      await sdk.refunds.create({ payment_intent: intent.id, amount: 600 });
      await expect(
        sdk.refunds.create({ payment_intent: intent.id, amount: 500 }),
      ).rejects.toMatchObject({
        code: 'amount_too_large',
        message: 'Refund amount ($5.00) is greater than unrefunded amount on charge ($4.00)',
      });
      const open = await newIntent();
      await expect(sdk.refunds.create({ payment_intent: open.id })).rejects.toMatchObject({
        statusCode: 400,
      });
      const disputed = await paid(800);
      fake.openDispute(disputed.id);
      await expect(sdk.refunds.create({ payment_intent: disputed.id })).rejects.toMatchObject({
        code: 'charge_disputed',
      });
      await expect(sdk.refunds.create({})).rejects.toMatchObject({ code: 'parameter_missing' });
    });

    it('a pending refund counts at once and settles with refund.updated; a failed one gives the amount back', async () => {
      fake.refundsPending = true;
      const intent = await paid(1000);
      const good = await sdk.refunds.create({ payment_intent: intent.id, amount: 200 });
      const bad = await sdk.refunds.create({ payment_intent: intent.id, amount: 300 });
      expect(good.status).toBe('pending');
      const chargeId = intent.latest_charge as string;
      expect((await sdk.charges.retrieve(chargeId)).amount_refunded).toBe(500);
      expect(fake.settleRefund(good.id, true).map((e) => e.type)).toEqual([
        'charge.refund.updated',
        'refund.updated',
      ]);
      fake.settleRefund(bad.id, false);
      expect((await sdk.refunds.retrieve(bad.id)).status).toBe('failed');
      expect((await sdk.charges.retrieve(chargeId)).amount_refunded).toBe(200);
    });
  });

  describe('disputes', () => {
    it('opened withdraws the money and the fee; won reinstates it; lost keeps it', async () => {
      for (const outcome of ['won', 'lost'] as const) {
        const intent = await paid(1000);
        const { dispute, events } = fake.openDispute(intent.id);
        expect(events.map((e) => e.type)).toEqual([
          'charge.dispute.created',
          'charge.dispute.funds_withdrawn',
        ]);
        expect(dispute).toMatchObject({
          status: 'needs_response',
          amount: 1000,
          payment_intent: intent.id,
          charge: intent.latest_charge,
        });
        expect((await sdk.charges.retrieve(intent.latest_charge as string)).disputed).toBe(true);
        const closed = fake.closeDispute(dispute.id, outcome);
        expect(closed.map((e) => e.type)).toEqual(
          outcome === 'won'
            ? ['charge.dispute.funds_reinstated', 'charge.dispute.closed']
            : ['charge.dispute.closed'],
        );
        const stored = await sdk.disputes.retrieve(dispute.id);
        expect(stored.status).toBe(outcome);
        expect(stored.balance_transactions.map((t) => [t.amount, t.fee])).toEqual(
          outcome === 'won'
            ? [
                [-1000, 1500],
                [1000, 0],
              ]
            : [[-1000, 1500]],
        );
      }
    });

    it('an inquiry moves no money and closes as warning_closed', async () => {
      const intent = await paid(1000);
      const { dispute, events } = fake.openDispute(intent.id, { inquiry: true });
      expect(events.map((e) => e.type)).toEqual(['charge.dispute.created']);
      fake.closeDispute(dispute.id, 'won');
      expect((await sdk.disputes.retrieve(dispute.id)).status).toBe('warning_closed');
    });
  });

  describe('3-D Secure and processing', () => {
    it('requires_action with use_stripe_sdk, or redirect_to_url given a return_url', async () => {
      const first = await newIntent();
      const sdkAction = await sdk.paymentIntents.confirm(first.id, {
        payment_method: 'pm_card_threeDSecure2Required',
      });
      expect(sdkAction.status).toBe('requires_action');
      expect(sdkAction.next_action?.type).toBe('use_stripe_sdk');
      expect(sdkAction.latest_charge).toBeNull();
      fake.authenticate(first.id, true);
      const done = await sdk.paymentIntents.retrieve(first.id);
      expect(done).toMatchObject({ status: 'succeeded', next_action: null });
      expect(done.latest_charge).toMatch(/^ch_/);

      const second = await newIntent();
      const redirect = await sdk.paymentIntents.confirm(second.id, {
        payment_method: 'pm_card_authenticationRequired',
        return_url: 'http://127.0.0.1:1/back',
      });
      expect(redirect.next_action).toMatchObject({
        type: 'redirect_to_url',
        redirect_to_url: { return_url: 'http://127.0.0.1:1/back' },
      });
      // The browser follows the challenge page and fails it: back with redirect_status=failed.
      const page = await fetch(`${redirect.next_action!.redirect_to_url!.url}&outcome=fail`, {
        redirect: 'manual',
      });
      expect(page.status).toBe(302);
      const back = new URL(page.headers.get('location')!);
      expect(back.searchParams.get('redirect_status')).toBe('failed');
      expect(back.searchParams.get('payment_intent')).toBe(second.id);
      const failed = await sdk.paymentIntents.retrieve(second.id);
      expect(failed.status).toBe('requires_payment_method');
      expect(failed.last_payment_error?.code).toBe('payment_intent_authentication_failure');
    });

    it('processing, then succeeded or failed; a processing intent cannot be canceled', async () => {
      const intent = await newIntent();
      const processing = await sdk.paymentIntents.confirm(intent.id, {
        payment_method: 'pm_usBankAccount',
      });
      expect(processing.status).toBe('processing');
      await expect(sdk.paymentIntents.cancel(intent.id)).rejects.toMatchObject({
        code: 'payment_intent_unexpected_state',
      });
      fake.finishProcessing(intent.id, true);
      const done = await sdk.paymentIntents.retrieve(intent.id, {
        expand: ['latest_charge.balance_transaction'],
      });
      expect(done.status).toBe('succeeded');
      expect(
        ((done.latest_charge as Stripe.Charge).balance_transaction as Stripe.BalanceTransaction)
          .fee,
      ).toBe(59);

      const other = await newIntent();
      await sdk.paymentIntents.confirm(other.id, { payment_method: 'pm_usBankAccount' });
      expect(fake.finishProcessing(other.id, false).type).toBe('payment_intent.payment_failed');
      expect((await sdk.paymentIntents.retrieve(other.id)).status).toBe('requires_payment_method');
    });
  });

  describe('Stripe.js in the browser', () => {
    it('reads and confirms its own intent with the publishable key and client secret, nothing else', async () => {
      const intent = await newIntent(700);
      const browser = (path: string, body?: Record<string, string>) =>
        fetch(
          `${fake.url}${path}${body ? '' : `?key=pk_test_fake&client_secret=${intent.client_secret}`}`,
          {
            method: body ? 'POST' : 'GET',
            ...(body
              ? {
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  body: new URLSearchParams({ key: 'pk_test_fake', ...body }).toString(),
                }
              : {}),
          },
        );
      expect((await browser(`/v1/payment_intents/${intent.id}`)).status).toBe(200);
      const confirmed = await browser(`/v1/payment_intents/${intent.id}/confirm`, {
        client_secret: intent.client_secret!,
        payment_method: 'pm_card_threeDSecure2Required',
        return_url: 'http://127.0.0.1:1/back',
        use_stripe_sdk: 'true',
      });
      expect(((await confirmed.json()) as Stripe.PaymentIntent).next_action?.type).toBe(
        'use_stripe_sdk',
      );
      const wrongSecret = await browser(`/v1/payment_intents/${intent.id}/confirm`, {
        client_secret: 'pi_other_secret_x',
        payment_method: 'pm_card_visa',
      });
      expect(wrongSecret.status).toBe(404);
      expect((await browser('/v1/refunds', { payment_intent: intent.id })).status).toBe(404);
    });
  });

  describe('the events API', () => {
    // A Stripe of its own: the events listed are only this block's, at times it sets.
    let own: FakeStripe;
    let api: Stripe;
    beforeAll(async () => {
      own = await new FakeStripe().start();
      api = own.client();
    });
    afterAll(() => own.stop());

    const T = 1_800_000_000;
    /** A paid intent refunded twice and disputed, each event dated `T + i` in emission order. */
    async function history() {
      own.events.length = 0;
      const intent = await api.paymentIntents.create({ amount: 1000, currency: 'usd' });
      await api.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
      await api.refunds.create({ payment_intent: intent.id, amount: 300 });
      await api.refunds.create({ payment_intent: intent.id, amount: 200 });
      const { dispute } = own.openDispute(intent.id);
      own.closeDispute(dispute.id, 'lost');
      own.events.forEach((event, i) => (event.created = T + i));
      return own.events.map((e) => e.id);
    }
    const idsOf = (list: { data: { id: string }[] }) => list.data.map((e) => e.id);

    it('lists newest first as a Stripe list, filtered by created, type and types', async () => {
      const emitted = await history();
      const newestFirst = [...emitted].reverse();
      const first = await api.events.list();
      expect(first).toMatchObject({ object: 'list', url: '/v1/events', has_more: false });
      expect(idsOf(first)).toEqual(newestFirst.slice(0, 10));
      expect(emitted.length).toBeLessThanOrEqual(10);

      const page = await api.events.list({ limit: 2 });
      expect(idsOf(page)).toEqual(newestFirst.slice(0, 2));
      expect(page.has_more).toBe(true);

      const ranged = await api.events.list({ created: { gte: T + 2, lt: T + 5 } });
      expect(idsOf(ranged)).toEqual([emitted[4], emitted[3], emitted[2]]);
      expect(idsOf(await api.events.list({ created: { gt: T + 6, lte: T + 7 } }))).toEqual([
        emitted[7],
      ]);
      expect(idsOf(await api.events.list({ created: T + 1 }))).toEqual([emitted[1]]);

      const refunds = await api.events.list({ type: 'charge.refunded' });
      expect(refunds.data.map((e) => (e.data.object as Stripe.Charge).amount_refunded)).toEqual([
        500, 300,
      ]);
      const disputes = await api.events.list({ type: 'charge.dispute.*' });
      expect(disputes.data.map((e) => e.type)).toEqual([
        'charge.dispute.closed',
        'charge.dispute.funds_withdrawn',
        'charge.dispute.created',
      ]);
      const chosen = await api.events.list({
        types: ['payment_intent.succeeded', 'charge.dispute.closed'],
      });
      expect(chosen.data.map((e) => e.type)).toEqual([
        'charge.dispute.closed',
        'payment_intent.succeeded',
      ]);
      const retrieved = await api.events.retrieve(emitted[0]!);
      expect(retrieved.type).toBe('payment_intent.created');
    });

    it('each event carries its object as it was when it happened', async () => {
      await history();
      const [closed, withdrawn, created] = (
        await api.events.list({ type: 'charge.dispute.*' })
      ).data.map((e) => e.data.object as Stripe.Dispute);
      expect([created!.status, withdrawn!.status, closed!.status]).toEqual([
        'needs_response',
        'needs_response',
        'lost',
      ]);
      const succeeded = (await api.events.list({ type: 'payment_intent.succeeded' })).data[0]!;
      expect((succeeded.data.object as Stripe.PaymentIntent).status).toBe('succeeded');
      const opened = (await api.events.list({ type: 'payment_intent.created' })).data[0]!;
      expect((opened.data.object as Stripe.PaymentIntent).status).toBe('requires_payment_method');
    });

    it('pages with starting_after and ending_before, and the SDK auto-paginates both ways', async () => {
      const emitted = await history();
      // Three events in one second: the one emitted last is listed first. The first refund's
      // event is dated before them all: `created` orders, not emission.
      own.events[1]!.created = own.events[2]!.created = own.events[4]!.created = T + 2;
      own.events[3]!.created = T - 1;
      const newestFirst = [9, 8, 7, 6, 5, 4, 2, 1, 0, 3].map((i) => emitted[i]!);
      expect(idsOf(await api.events.list({ limit: 10 }))).toEqual(newestFirst);

      const after = await api.events.list({ limit: 3, starting_after: newestFirst[2]! });
      expect(idsOf(after)).toEqual(newestFirst.slice(3, 6));
      expect(after.has_more).toBe(true);
      const before = await api.events.list({ limit: 2, ending_before: newestFirst[5]! });
      expect(idsOf(before)).toEqual(newestFirst.slice(3, 5));
      expect(before.has_more).toBe(true);
      const last = await api.events.list({ limit: 3, ending_before: newestFirst[2]! });
      expect(idsOf(last)).toEqual(newestFirst.slice(0, 2));
      expect(last.has_more).toBe(false);

      const forward: string[] = [];
      for await (const event of api.events.list({ limit: 2 })) forward.push(event.id);
      expect(forward).toEqual(newestFirst);
      // From an anchor towards the newest: the SDK reads each page from its end.
      const backward: string[] = [];
      for await (const event of api.events.list({
        limit: 2,
        ending_before: emitted[0]!,
      })) {
        backward.push(event.id);
      }
      expect(backward).toEqual(newestFirst.slice(0, 8).reverse());
      const recent = await api.events
        .list({ limit: 3, created: { gte: T + 2 } })
        .autoPagingToArray({ limit: 100 });
      expect(recent.map((e) => e.id)).toEqual(newestFirst.slice(0, 8));
    });

    it('refuses an unknown cursor, a limit out of range and conflicting parameters', async () => {
      await history();
      await expect(api.events.list({ starting_after: 'evt_missing' })).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 404,
        code: 'resource_missing',
        param: 'starting_after',
      });
      for (const limit of [0, 101]) {
        await expect(api.events.list({ limit })).rejects.toMatchObject({
          type: 'StripeInvalidRequestError',
          statusCode: 400,
          param: 'limit',
        });
      }
      await expect(
        api.events.list({ type: 'charge.refunded', types: ['charge.refunded'] }),
      ).rejects.toMatchObject({ statusCode: 400, param: 'types' });
      await expect(
        api.events.list({ starting_after: own.events[0]!.id, ending_before: own.events[1]!.id }),
      ).rejects.toMatchObject({ statusCode: 400 });
      await expect(api.events.retrieve('evt_missing')).rejects.toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
      });
    });
  });

  describe('idempotency', () => {
    it('replays the saved answer, success or error, for the same key and parameters', async () => {
      const key = 'k-create';
      const first = await sdk.paymentIntents.create(
        { amount: 700, currency: 'usd' },
        { idempotencyKey: key },
      );
      const again = await sdk.paymentIntents.create(
        { amount: 700, currency: 'usd' },
        { idempotencyKey: key },
      );
      expect(again.id).toBe(first.id);
      expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');

      // A decline began executing: its 402 is the key's answer even once the card would pass.
      const intent = await newIntent();
      const decline = { payment_method: 'pm_card_chargeDeclined' };
      await expect(
        sdk.paymentIntents.confirm(intent.id, decline, { idempotencyKey: 'k-decline' }),
      ).rejects.toMatchObject({ statusCode: 402 });
      await expect(
        sdk.paymentIntents.confirm(intent.id, decline, { idempotencyKey: 'k-decline' }),
      ).rejects.toMatchObject({ statusCode: 402, headers: { 'idempotent-replayed': 'true' } });
      expect(fake.eventsFor(intent.id, 'payment_intent.payment_failed')).toHaveLength(1);

      // So is a refusal by the endpoint's own checks: a refund of more than is left.
      const charged = await paid(1000);
      const tooMuch = { payment_intent: charged.id, amount: 2000 };
      await expect(sdk.refunds.create(tooMuch, { idempotencyKey: 'k-much' })).rejects.toMatchObject(
        { code: 'amount_too_large' },
      );
      await expect(sdk.refunds.create(tooMuch, { idempotencyKey: 'k-much' })).rejects.toMatchObject(
        { code: 'amount_too_large', headers: { 'idempotent-replayed': 'true' } },
      );
    });

    it('saves nothing for a request that failed validation: the key can be used again', async () => {
      await expect(
        sdk.paymentIntents.create(
          { amount: 10, currency: 'usd' },
          { idempotencyKey: 'k-validation' },
        ),
      ).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_small' });
      const created = await sdk.paymentIntents.create(
        { amount: 800, currency: 'usd' },
        { idempotencyKey: 'k-validation' },
      );
      expect(created.amount).toBe(800);
      expect(created.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    });

    it('refuses a key reused with other parameters or on another endpoint', async () => {
      const intent = await sdk.paymentIntents.create(
        { amount: 900, currency: 'usd' },
        { idempotencyKey: 'k-params' },
      );
      await expect(
        sdk.paymentIntents.create({ amount: 901, currency: 'usd' }, { idempotencyKey: 'k-params' }),
      ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
      await expect(
        sdk.paymentIntents.update(intent.id, { amount: 900 }, { idempotencyKey: 'k-params' }),
      ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    });

    it('a 500 before Stripe acts leaves the key free; a 500 after it acted is replayed', async () => {
      fake.failNext(1);
      await expect(
        sdk.paymentIntents.create({ amount: 600, currency: 'usd' }, { idempotencyKey: 'k-500a' }),
      ).rejects.toMatchObject({ statusCode: 500 });
      const retried = await sdk.paymentIntents.create(
        { amount: 600, currency: 'usd' },
        { idempotencyKey: 'k-500a' },
      );
      expect(retried.amount).toBe(600);

      const before = fake.intents.size;
      fake.failNext(1, { afterActing: true });
      await expect(
        sdk.paymentIntents.create({ amount: 650, currency: 'usd' }, { idempotencyKey: 'k-500b' }),
      ).rejects.toMatchObject({ statusCode: 500 });
      expect(fake.intents.size).toBe(before + 1);
      await expect(
        sdk.paymentIntents.create({ amount: 650, currency: 'usd' }, { idempotencyKey: 'k-500b' }),
      ).rejects.toMatchObject({ statusCode: 500 });
      expect(fake.intents.size).toBe(before + 1);
    });

    it('a key in use by a request still executing is a 409, saved for no one', async () => {
      fake.delay = { ms: 400, match: /^POST \/v1\/payment_intents$/ };
      const slow = sdk.paymentIntents.create(
        { amount: 555, currency: 'usd' },
        { idempotencyKey: 'k-busy' },
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      fake.delay = null;
      await expect(
        sdk.paymentIntents.create({ amount: 555, currency: 'usd' }, { idempotencyKey: 'k-busy' }),
      ).rejects.toMatchObject({ rawType: 'idempotency_error', statusCode: 409 });
      const first = await slow;
      const replay = await sdk.paymentIntents.create(
        { amount: 555, currency: 'usd' },
        { idempotencyKey: 'k-busy' },
      );
      expect(replay.id).toBe(first.id);
    });
  });
});
