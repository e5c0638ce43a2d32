import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentEvents, payments } from '#server/db/schema.js';
import { nomineeWith, paymentRow, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import { call } from '#test/support/call-app.js';
import { CAMPAY_LOW_BALANCE_REASON, FakeCampay } from '#test/fakes/fake-campay.js';
import { CampayClient } from '#server/payments/providers/campay-client.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';

describeEachDatabase('mobile money checkout against the Campay fake', (kind) => {
  let t: TestApp;
  let campay: FakeCampay;
  beforeAll(async () => {
    campay = await new FakeCampay().start();
    t = await createTestApp(kind, {
      ...campay.env,
      CAMPAY_TIMEOUT_MS: '400',
      PAYMENT_POLL_INTERVAL_MS: '60000',
    });
  });
  afterAll(async () => {
    await t.close();
    await campay.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  beforeEach(() => {
    campay.delayMs = 0;
    campay.maxAmount = 1_000_000;
    campay.failNext(0);
    campay.balances.MTN = 0;
    campay.balances.ORANGE = 0;
  });

  async function startPayment(phoneNumber = '237677000111', counts = [2]) {
    const nominee = await nomineeWith(t.database.db, counts.length);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: {
        phoneNumber,
        nominationVotes: split(nominee, counts),
      },
    });
    return { res, paymentId: res.body.paymentId as string };
  }

  const deliver = async (
    reference: string,
    options: Parameters<FakeCampay['callback']>[1] = {},
  ) => {
    const request = await campay.callback(reference, options);
    return call(t.app, { method: request.method, url: request.url, body: request.payload });
  };

  it('asks Campay to collect the server-computed amount for our payment id', async () => {
    const { res, paymentId } = await startPayment('237699000111', [2]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ operator: 'ORANGE', ussdCode: '#150*50#' });
    const tx = campay.byExternalReference(paymentId)!;
    expect(tx).toMatchObject({
      endpoint: 'collect',
      amount: 200,
      currency: 'XAF',
      phoneNumber: '237699000111',
    });
    expect((await paymentRow(t.database.db, paymentId))!.providerRef).toBe(tx.reference);
    expect(campay.requests.some((r) => r.authorization?.startsWith('Token '))).toBe(true);
  });

  it('a signed callback is verified, then the transaction is re-fetched and settled once', async () => {
    const { paymentId } = await startPayment();
    const tx = campay.byExternalReference(paymentId)!;
    // Still pending at Campay: the callback changes nothing.
    expect((await deliver(tx.reference)).status).toBe(200);
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('pending');
    campay.complete(tx.reference);
    expect((await deliver(tx.reference, { method: 'GET' })).status).toBe(200);
    expect((await deliver(tx.reference, { method: 'POST' })).status).toBe(200);
    const form = await campay.callback(tx.reference, { method: 'POST' });
    const formPost = await call(t.app, {
      method: 'POST',
      url: form.url,
      body: new URLSearchParams(form.payload).toString(),
      ...{ headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    });
    expect(formPost.status).toBe(200);
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('completed');
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paymentId));
    expect(events).toHaveLength(1);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('refuses forged and unsigned callbacks, whatever they claim', async () => {
    const { paymentId } = await startPayment();
    const tx = campay.byExternalReference(paymentId)!;
    campay.complete(tx.reference);
    const forged = await deliver(tx.reference, { key: 'not-the-webhook-key' });
    expect(forged.status).toBe(401);
    const unsigned = await call(t.app, {
      method: 'POST',
      url: '/api/webhooks/campay',
      body: {
        reference: tx.reference,
        status: 'SUCCESSFUL',
      },
    });
    expect(unsigned.status).toBe(400);
    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`;
    const none = await call(t.app, {
      method: 'GET',
      url: `/api/webhooks/campay?reference=${tx.reference}&signature=${noneAlg}`,
    });
    expect(none.status).toBe(401);
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('pending');
  });

  it('refuses a signed callback whose claims contradict the request, or that has expired', async () => {
    const first = await startPayment('237677000444');
    const second = await startPayment('237677000555');
    const a = campay.byExternalReference(first.paymentId)!;
    const b = campay.byExternalReference(second.paymentId)!;
    campay.complete(a.reference);
    campay.complete(b.reference);
    const asked = () =>
      campay.requests.filter((r) => r.path.startsWith('/api/transaction/')).length;
    const before = asked();
    const now = Math.floor(Date.now() / 1000);
    for (const [name, claims, method] of [
      ["a token made for another payment's reference", { reference: a.reference }, 'POST'],
      [
        'another payment id',
        { reference: b.reference, external_reference: first.paymentId },
        'GET',
      ],
      ['another status', { reference: b.reference, status: 'FAILED' }, 'POST'],
      ['another amount', { reference: b.reference, amount: 1 }, 'GET'],
      ['another currency', { reference: b.reference, currency: 'USD' }, 'POST'],
      ['expired', { reference: b.reference, exp: now - 3600 }, 'POST'],
      ['an unreadable expiry', { reference: b.reference, exp: 'tomorrow' }, 'GET'],
    ] as const) {
      const res = await deliver(b.reference, { claims, method });
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
      expect(typeof res.body.message).toBe('string');
    }
    // Refused before Campay is asked, and nothing settled.
    expect(asked()).toBe(before);
    // A token naming another payment, sent without that field: Campay's answer contradicts it.
    const bare = await campay.callback(b.reference, {
      method: 'GET',
      claims: { external_reference: first.paymentId },
    });
    const signature = new URL(bare.url, 'http://app.test').searchParams.get('signature')!;
    const onlySigned = await call(t.app, {
      method: 'GET',
      url: `/api/webhooks/campay?reference=${b.reference}&signature=${signature}`,
    });
    expect(onlySigned.status).toBe(401);
    expect((await paymentRow(t.database.db, second.paymentId))!.status).toBe('pending');

    // Claims that agree (an amount as a number against the field's text), or none at all: the
    // transaction is fetched again from Campay and settles from that.
    const agreeing = {
      reference: b.reference,
      external_reference: second.paymentId,
      status: 'SUCCESSFUL',
      amount: b.amount,
      currency: 'XAF',
      exp: now + 600,
    };
    expect((await deliver(b.reference, { claims: agreeing })).status).toBe(200);
    expect((await paymentRow(t.database.db, second.paymentId))!.status).toBe('completed');
    expect((await deliver(a.reference, { claims: {} })).status).toBe(200);
    expect((await paymentRow(t.database.db, first.paymentId))!.status).toBe('completed');
    expect(asked()).toBe(before + 3);
  });

  it("a voter's empty wallet is no refusal: the prompt goes out, then the transaction fails with Campay's reason", async () => {
    const { res, paymentId } = await startPayment();
    expect(res.status).toBe(200);
    const tx = campay.byExternalReference(paymentId)!;
    campay.fail(tx.reference, CAMPAY_LOW_BALANCE_REASON);
    await deliver(tx.reference);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'failed',
      failureReason: CAMPAY_LOW_BALANCE_REASON,
    });
    expect(
      (await call(t.app, { method: 'GET', url: `/api/payment/${paymentId}/status` })).body,
    ).toEqual({
      status: 'failed',
      reason: 'insufficient_balance',
    });
  });

  it('polling asks Campay at most once per interval per payment', async () => {
    // The instance remembers its own claims by its monotonic clock (RecentProviderChecks).
    vi.useFakeTimers({ toFake: ['performance'] });
    const { paymentId } = await startPayment();
    const tx = campay.byExternalReference(paymentId)!;
    const asked = () =>
      campay.requests.filter((r) => r.path === `/api/transaction/${tx.reference}/`).length;
    const polls = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, { method: 'GET', url: `/api/payment/${paymentId}/status` }),
      ),
    );
    expect(polls.every((p) => p.body.status === 'pending')).toBe(true);
    expect(asked()).toBe(1);
    campay.complete(tx.reference);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/payment/${paymentId}/status` })).body.status,
    ).toBe('pending');
    expect(asked()).toBe(1);
    // The interval passes: the last check is moved back, and the instance's clock on.
    await t.database.db.execute(
      sql`UPDATE payments SET provider_checked_at = now() - interval '2 minutes' WHERE id = ${paymentId}`,
    );
    vi.advanceTimersByTime(60_000);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/payment/${paymentId}/status` })).body.status,
    ).toBe('completed');
    expect(asked()).toBe(2);
    const code = await call(t.app, {
      method: 'GET',
      url: `/api/payment/${paymentId}/receipt-code`,
    });
    expect(code.status).toBe(200);
  });

  it('a withdrawal callback naming one of our payments changes nothing, and is answered 200', async () => {
    const { paymentId } = await startPayment('237677000666');
    const collection = campay.byExternalReference(paymentId)!;
    // The app sends money out (a refund, say) with that payment id as its external reference.
    campay.balances.MTN = 10_000;
    const client = new CampayClient({
      baseUrl: campay.url,
      username: campay.username,
      password: campay.password,
      timeoutMs: 2000,
    });
    const withdrawal = await client.withdraw({
      amount: collection.amount,
      currency: 'XAF',
      to: '237677000666',
      description: 'refund',
      externalReference: paymentId,
    });
    campay.complete(withdrawal.reference);
    const asked = () =>
      campay.requests.filter((r) => r.path.startsWith('/api/transaction/')).length;
    const before = asked();
    expect((await deliver(withdrawal.reference)).status).toBe(200);
    expect((await deliver(withdrawal.reference, { method: 'GET' })).status).toBe(200);
    // Said only in the signed token, not as a field: still a withdrawal.
    const tokenOnly = await deliver(withdrawal.reference, {
      claims: { reference: withdrawal.reference, endpoint: 'withdraw' },
      fields: { endpoint: null },
    });
    expect(tokenOnly.status).toBe(200);
    // A field contradicting the token is refused, as for any bound field.
    const contradicting = await deliver(withdrawal.reference, {
      claims: { reference: withdrawal.reference, endpoint: 'withdraw' },
      fields: { endpoint: 'collect' },
    });
    expect(contradicting.status).toBe(401);
    expect(asked()).toBe(before);
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('pending');
    // The collection itself still settles.
    campay.complete(collection.reference);
    expect((await deliver(collection.reference)).status).toBe(200);
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('completed');
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('a transaction other than the one Campay gave us for the payment changes nothing', async () => {
    const { paymentId } = await startPayment('237677000777');
    const ours = campay.byExternalReference(paymentId)!;
    // Another collection naming the same payment (a replayed request, a mix-up at Campay).
    const client = new CampayClient({
      baseUrl: campay.url,
      username: campay.username,
      password: campay.password,
      timeoutMs: 2000,
    });
    const other = await client.collect({
      amount: ours.amount,
      currency: 'XAF',
      from: '237677000777',
      description: 'other',
      externalReference: paymentId,
    });
    campay.complete(other.reference);
    expect((await deliver(other.reference)).status).toBe(200);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'pending',
      providerRef: ours.reference,
    });
    campay.fail(ours.reference);
    expect((await deliver(ours.reference)).status).toBe(200);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'failed',
      providerRef: ours.reference,
    });
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('maps a refused collect request to a clear 422 and fails the payment', async () => {
    campay.maxAmount = 100;
    const amount = await startPayment('237677000222', [2]);
    expect(amount.res.status).toBe(422);
    expect(amount.res.body.message).toMatch(/amount/i);
    const rows = (
      (await t.database.db.execute(
        sql`SELECT status, failure_reason FROM payments WHERE failure_reason LIKE 'ER%' ORDER BY created_at`,
      )) as unknown as { rows: { status: string; failure_reason: string }[] }
    ).rows;
    expect(rows.map((r) => r.failure_reason.slice(0, 5))).toEqual(
      expect.arrayContaining(['ER201']),
    );
    expect(rows.every((r) => r.status === 'failed')).toBe(true);
  });

  it('renews an expired token once and carries on', async () => {
    const tokensBefore = campay.requests.filter((r) => r.path === '/api/token/').length;
    campay.expireTokens();
    const { res } = await startPayment();
    expect(res.status).toBe(200);
    expect(campay.requests.filter((r) => r.path === '/api/token/').length).toBe(tokensBefore + 1);
  });

  it("a timeout leaves the payment pending; Campay's callback then settles it", async () => {
    campay.delayMs = 1000;
    const { res } = await startPayment('237677000333');
    campay.delayMs = 0;
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/did not answer in time/i);
    const tx = [...campay.transactions.values()].find((x) => x.phoneNumber === '237677000333')!;
    const paymentId = tx.external_reference!;
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'pending',
      providerRef: null,
    });
    campay.complete(tx.reference);
    await deliver(tx.reference);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'completed',
      providerRef: tx.reference,
    });
  });

  it('maps server errors to 502 without failing the payment, which the page then follows', async () => {
    campay.failNext(1);
    const broken = await startPayment();
    expect(broken.res.status).toBe(502);
    expect(broken.res.body.message).toMatch(/temporarily unavailable/i);
    const details = broken.res.body.details as { paymentId: string };
    expect((await paymentRow(t.database.db, details.paymentId))?.status).toBe('pending');
  });

  describe('a collect that never reached Campay', () => {
    const latestPayment = async () => {
      const [row] = await t.database.db
        .select({ status: payments.status, failureReason: payments.failureReason })
        .from(payments)
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row;
    };

    it('fails the payment at once when Campay refuses the connection; the phone may try again', async () => {
      await campay.goOffline();
      try {
        const down = await startPayment('237677000444');
        expect(down.res.status).toBe(502);
        expect(down.res.body.message).toMatch(/could not reach/i);
        // Nothing to follow: the page offers to try again.
        expect(down.res.body.details).toEqual({ code: 'network' });
        expect(await latestPayment()).toMatchObject({
          status: 'failed',
          failureReason: expect.stringMatching(/^network: Could not reach/),
        });
      } finally {
        await campay.goOnline();
      }
      const again = await startPayment('237677000444');
      expect(again.res.status).toBe(200);
    });
  });
});
