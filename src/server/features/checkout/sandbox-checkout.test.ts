import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows.js';
import { reconcilePendingPayments } from '#server/payments/reconcile.js';
import type { PaymentConfig } from '#shared/schemas/payment.js';
import type { ReceiptDetail } from '#shared/schemas/receipt.js';
import { lookupWithCode } from '#test/support/receipt-lookup-kit.js';
import { nomineeWith, paymentRow, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/*
 * The sandbox settles a mobile-money payment a second after it starts: long enough that the
 * first status read sees it pending on a busy machine, and waited for by polling, not guessed.
 */
const SETTLE_DELAY_MS = 1000;

describeEachDatabase('sandbox checkout', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      SANDBOX_SETTLE_DELAY_MS: String(SETTLE_DELAY_MS),
      PAYMENT_POLL_INTERVAL_MS: '0',
    });
  });
  afterAll(() => t.close());

  /** The payment's status answer once the sandbox has settled it (or the test times out). */
  async function settledAnswer(paymentId: unknown): Promise<Record<string, unknown>> {
    for (;;) {
      const { body } = await call(t.app, {
        method: 'GET',
        url: `/api/payment/${String(paymentId)}/status`,
      });
      if (body.status !== 'pending') return body;
      await sleep(100);
    }
  }

  it('says it is in sandbox mode and lists the test numbers', async () => {
    const res = await call<PaymentConfig>(t.app, { method: 'GET', url: '/api/payment-config' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mode: 'sandbox',
      card: 'sandbox',
      mobileMoney: 'sandbox',
      stripePublishableKey: null,
      campay: false,
    });
    expect(res.body.testCards?.map((c) => c.number)).toContain('4242424242424242');
    expect(res.body.testPhones?.length).toBeGreaterThan(0);
  });

  it('mobile money: settles after the delay as a callback would, then serves the receipt', async () => {
    const nominee = await nomineeWith(t.database.db, 2);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: {
        phoneNumber: '237 677 12 34 56',
        voterEmail: 'Fan@Example.com',
        nominationVotes: split(nominee, [3, 2]),
        totalVotes: 5,
        deviceInfo: { deviceTimestamp: new Date().toISOString(), userAgent: 'vitest' },
      },
    });
    expect(res.status).toBe(200);
    const paymentId = res.body.paymentId as string;
    const stored = await paymentRow(t.database.db, paymentId);
    expect(stored).toMatchObject({
      provider: 'campay',
      currency: 'XAF',
      amount: 500,
      totalVotes: 5,
      status: 'pending',
      phoneNumber: '237677123456',
      voterEmail: 'fan@example.com',
      userAgent: 'vitest',
      ipAddress: '127.0.0.1',
    });
    expect(stored!.phoneHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.attemptedAt).not.toBeNull();

    expect(
      (await call(t.app, { method: 'GET', url: `/api/payment/${paymentId}/status` })).body,
    ).toEqual({
      status: 'pending',
    });
    expect(await settledAnswer(paymentId)).toEqual({ status: 'completed' });
    const code = await call<{ receiptCode: string }>(t.app, {
      method: 'GET',
      url: `/api/payment/${paymentId}/receipt-code`,
    });
    expect(code.status).toBe(200);
    const receipt = await call<ReceiptDetail>(t.app, {
      method: 'GET',
      url: `/api/payment/receipt/${code.body.receiptCode.toLowerCase()}`,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.payment).toMatchObject({ totalVotes: 5, amount: 500, currency: 'XAF' });
    expect(receipt.body.artist.name).toBe(nominee.artist.name);
    expect(receipt.body.votesByCategory.map((v) => v.voteCount).sort()).toEqual([2, 3]);

    const byPhone = await lookupWithCode(
      t.app,
      { phoneNumber: '677123456' },
      { recipient: '+237677123456' },
    );
    expect(byPhone.body.receipts.map((r) => r.receiptCode)).toContain(code.body.receiptCode);
    const byEmail = await lookupWithCode(
      t.app,
      { email: ' FAN@example.com ' },
      { recipient: 'fan@example.com' },
    );
    expect(byEmail.body.receipts[0]).toMatchObject({
      receiptCode: code.body.receiptCode,
      provider: 'campay',
      totalVotes: 5,
      amount: 500,
      currency: 'XAF',
    });
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('mobile money test phones fail, never complete, or are refused at once', async () => {
    const nominee = await nomineeWith(t.database.db, 1);
    const start = (phoneNumber: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/campay-payment',
        body: {
          phoneNumber,
          nominationVotes: split(nominee, [1]),
        },
      });
    const fails = await start('237670000001');
    const declines = await start('237690000002');
    const never = await start('237670000003');
    const refused = await start('237690000004');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/not a valid mobile-money number/i);
    await settledAnswer(fails.body.paymentId);
    await settledAnswer(declines.body.paymentId);
    const status = async (id: unknown) =>
      (await call(t.app, { method: 'GET', url: `/api/payment/${String(id)}/status` })).body.status;
    expect(await status(fails.body.paymentId)).toBe('failed');
    expect(await status(never.body.paymentId)).toBe('pending');
    // Why, as far as the provider said: the page tells the voter in the site's language.
    const answer = async (id: unknown) =>
      (await call(t.app, { method: 'GET', url: `/api/payment/${String(id)}/status` })).body;
    expect(await answer(fails.body.paymentId)).toEqual({
      status: 'failed',
      reason: 'insufficient_balance',
    });
    expect(await answer(declines.body.paymentId)).toEqual({ status: 'failed', reason: 'declined' });
    expect(
      (await paymentRow(t.database.db, fails.body.paymentId as string))!.failureReason,
    ).toMatch(/insufficient/i);
  });

  it("answers a voter's errors in the language the site sends, and stores the reason in English", async () => {
    const nominee = await nomineeWith(t.database.db, 1);
    const french = { headers: { 'accept-language': 'fr' } };
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: { phoneNumber: '237690000004', nominationVotes: split(nominee, [1]) },
      ...french,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      "Ce numéro n'est pas un numéro mobile money valide. Vérifiez-le et réessayez.",
    );
    const reasons = rowsOf<{ failure_reason: string }>(
      await t.database.db
        .execute(sql`SELECT p.failure_reason FROM payments p JOIN payment_votes v ON v.payment_id = p.id
          WHERE v.nomination_id = ${nominee.nominations[0]!.id}`),
    );
    expect(reasons.map((r) => r.failure_reason)).toEqual([
      expect.stringMatching(/^ER101: This phone number is not a valid mobile-money number/),
    ]);

    const unknown = `/api/payment/${crypto.randomUUID()}/status`;
    expect((await call(t.app, { method: 'GET', url: unknown, ...french })).body.message).toBe(
      'Paiement introuvable.',
    );
    const english = { headers: { 'accept-language': 'fr;q=0.4, en-GB' } };
    expect((await call(t.app, { method: 'GET', url: unknown, ...english })).body.message).toBe(
      'Payment not found.',
    );
  });

  it('card: declined then paid with the success card, on the same payment and intent', async () => {
    const nominee = await nomineeWith(t.database.db, 2);
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: {
        nominationVotes: split(nominee, [2, 2]),
        totalVotes: 4,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ amount: 200, currency: 'USD' });
    const paymentId = created.body.paymentId as string;
    // The split changes: same payment, new amount.
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: {
        paymentId,
        nominationVotes: split(nominee, [5, 0]),
        totalVotes: 5,
      },
    });
    expect(changed.body.paymentId).toBe(paymentId);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      amount: 250,
      totalVotes: 5,
    });

    const noEmail = await call(t.app, {
      method: 'PATCH',
      url: `/api/payment/${paymentId}/attempt`,
    });
    expect(noEmail.status).toBe(422);
    expect(
      (
        await call(t.app, {
          method: 'PATCH',
          url: `/api/payment/${paymentId}/email`,
          body: {
            voterEmail: 'card@example.com',
          },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/api/payment/${paymentId}/attempt` })).status,
    ).toBe(200);

    const declined = await call(t.app, {
      method: 'POST',
      url: '/api/sandbox/card-confirm',
      body: {
        paymentId,
        cardNumber: '4000 0000 0000 0002',
      },
    });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'pending',
      failureReason: 'Your card was declined.',
    });

    const paid = await call(t.app, {
      method: 'POST',
      url: '/api/sandbox/card-confirm',
      body: {
        paymentId,
        cardNumber: '4242 4242 4242 4242',
      },
    });
    expect(paid.status).toBe(200);
    const confirmed = await call(t.app, {
      method: 'POST',
      url: '/api/confirm-payment',
      body: {
        paymentIntentId: paid.body.paymentIntentId,
      },
    });
    expect(confirmed.body).toEqual({ paymentId, status: 'completed' });
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'completed',
      failureReason: null,
      amount: 250,
    });
    const late = await call(t.app, {
      method: 'PATCH',
      url: `/api/payment/${paymentId}/email`,
      body: {
        voterEmail: 'other@example.com',
      },
    });
    expect(late.status).toBe(409);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('accepts an empty JSON body on attempt and refuses non-test cards without noting a decline', async () => {
    const nominee = await nomineeWith(t.database.db, 1);
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: {
        nominationVotes: split(nominee, [1]),
        voterEmail: 'x@example.com',
      },
    });
    const paymentId = created.body.paymentId as string;
    const attempt = await call(t.app, {
      method: 'PATCH',
      url: `/api/payment/${paymentId}/attempt`,
      body: '',
      ...{
        headers: { 'content-type': 'application/json' },
      },
    });
    expect(attempt.status).toBe(200);
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/sandbox/card-confirm',
      body: {
        paymentId,
        cardNumber: '5555555555554444',
      },
    });
    expect(unknown.status).toBe(400);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'pending',
      failureReason: null,
    });
  });

  it('expires a payment that never completes; the reconciler settles forgotten ones', async () => {
    const nominee = await nomineeWith(t.database.db, 1);
    const never = await call(t.app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: {
        phoneNumber: '237670000003',
        nominationVotes: split(nominee, [1]),
      },
    });
    const forgotten = await call(t.app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: {
        phoneNumber: '237670123123',
        nominationVotes: split(nominee, [2]),
      },
    });
    await t.database.db.execute(
      sql`UPDATE payments SET created_at = now() - interval '2 days' WHERE id = ${never.body.paymentId as string}`,
    );
    await t.database.db.execute(
      sql`UPDATE payments SET created_at = now() - interval '1 minute' WHERE id = ${forgotten.body.paymentId as string}`,
    );
    const result = await reconcilePendingPayments(t.app.ctx);
    expect(result.skipped).toBe(false);
    expect(await paymentRow(t.database.db, never.body.paymentId as string)).toMatchObject({
      status: 'failed',
      failureReason: 'expired',
    });
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/payment/${never.body.paymentId as string}/status`,
        })
      ).body,
    ).toEqual({ status: 'failed', reason: 'timed_out' });
    expect((await paymentRow(t.database.db, forgotten.body.paymentId as string))!.status).toBe(
      'completed',
    );
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });
});
