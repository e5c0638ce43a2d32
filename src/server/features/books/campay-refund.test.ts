import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { startInstance } from '#test/support/campay-reconcile-kit.js';
import { nomineeWith, paymentRow, split } from '#test/support/payment-test-kit.js';
import { createTestDatabase, type TestDatabase } from '#test/support/test-database.js';
import type { FastifyInstance } from 'fastify';
import type { RefundResponse } from '#shared/schemas/payment.js';
import { retryOpenRefundOrders } from './refund-payment.js';

/** Admin refunds of mobile money payments: withdrawals to the voter's number at Campay. */
let database: TestDatabase;
let campay: FakeCampay;
let app: FastifyInstance;
let admin: Record<string, string>;
/** Long enough that a busy machine never times out a request the test means to answer. */
const CAMPAY_TIMEOUT_MS = 1000;
beforeAll(async () => {
  campay = await new FakeCampay().start();
  // What earlier collections left on the account, net of Campay's charges, pays refunds.
  campay.balances.MTN = 10_000;
  database = await createTestDatabase('pglite');
  app = await startInstance(database, campay, { CAMPAY_TIMEOUT_MS: String(CAMPAY_TIMEOUT_MS) });
  admin = (await signedInUser(database.db, { isAdmin: true })).headers;
});
afterAll(async () => {
  await app.close();
  await database.destroy();
  await campay.stop();
});

async function paidPayment(votes: number) {
  const nominee = await nomineeWith(database.db, 1);
  const started = await call(app, {
    method: 'POST',
    url: '/api/campay-payment',
    json: { phoneNumber: '237677001122', nominationVotes: split(nominee, [votes]) },
  });
  const paymentId = started.body.paymentId as string;
  const tx = campay.complete(campay.byExternalReference(paymentId)!.reference);
  const callback = await campay.callback(tx.reference);
  await call(app, { method: callback.method, url: callback.url, body: callback.payload });
  expect((await paymentRow(database.db, paymentId))!.status).toBe('completed');
  return paymentId;
}

const refund = (paymentId: string, json: unknown) =>
  call<RefundResponse>(app, {
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/refund`,
    headers: admin,
    json,
  });
const withdrawals = (paymentId: string) =>
  [...campay.transactions.values()].filter(
    (t) => t.endpoint === 'withdraw' && t.description.endsWith(paymentId),
  );

/** A refund of 100 that Campay makes, answering after the app stopped waiting. */
async function refundTimingOut(paymentId: string) {
  campay.delayOnly = /withdraw/;
  campay.delayMs = CAMPAY_TIMEOUT_MS * 1.5;
  const timedOut = await refund(paymentId, { reason: 'Voter asked', amount: 100 });
  campay.delayMs = 0;
  campay.delayOnly = null;
  expect(timedOut.status).toBe(502);
  expect(withdrawals(paymentId).map((t) => t.amount)).toEqual([100]);
}

it('a withdrawal whose answer never came is not sent again when the admin retries', async () => {
  const paymentId = await paidPayment(4);
  await refundTimingOut(paymentId);

  const retried = await refund(paymentId, { reason: 'Voter asked, again', amount: 100 });
  expect(retried.status, JSON.stringify(retried.body)).toBe(200);
  expect(retried.body).toMatchObject({ refundedAmount: 100 });
  // One withdrawal: the money went once, and the books say so.
  expect(withdrawals(paymentId).map((t) => t.amount)).toEqual([100]);

  // The rest goes out in full, as nothing of it left before.
  const rest = await refund(paymentId, { reason: 'The rest' });
  expect(rest.body).toMatchObject({ status: 'refunded', refundedAmount: 400 });
  expect(withdrawals(paymentId).map((t) => t.amount)).toEqual([100, 300]);
});

it('a withdrawal whose answer never came is recorded by the refund job, without the admin', async () => {
  const paymentId = await paidPayment(4);
  await refundTimingOut(paymentId);

  // As if it had waited an hour: due another attempt.
  await database.query(
    `UPDATE refund_orders SET created_at = now() - interval '1 hour',
       attempted_at = now() - interval '1 hour' WHERE payment_id = $1`,
    [paymentId],
  );
  expect(await retryOpenRefundOrders(app.ctx)).toEqual({ done: 1, open: 0 });
  // Campay's history showed the money gone: recorded, and not sent again.
  expect(withdrawals(paymentId).map((t) => t.amount)).toEqual([100]);
  expect(await paymentRow(database.db, paymentId)).toMatchObject({ refundedAmount: 100 });
  const orders = await database.query<{ state: string }>(
    'SELECT state FROM refund_orders WHERE payment_id = $1',
    [paymentId],
  );
  expect(orders.map((o) => o.state)).toEqual(['done']);
});
