import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';
import {
  createCompletedPayment,
  createPendingPayment,
  settlePayment,
} from '#test/factories/payment-factory.js';
import { call } from '#test/support/call-app.js';
import { paymentRow, tallyMismatches } from '#test/support/payment-test-kit.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import type { IntegrityReport } from '#shared/schemas/integrity.js';
import type { CreditResponse, RefundResponse } from '#shared/schemas/payment.js';
import type { ReceiptDetail } from '#shared/schemas/receipt.js';
import { lookupWithCode } from '#test/support/receipt-lookup-kit.js';

describeEachDatabase('admin refunds', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await signedInUser(t.database.db, { isAdmin: true })).headers;
  });
  afterAll(() => t.close());

  const refund = (id: string, json: unknown, headers = admin) =>
    call<RefundResponse & { message?: string }>(t.app, {
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers,
      json,
    });
  const credit = (id: string, json: unknown, headers = admin) =>
    call<CreditResponse & { message?: string }>(t.app, {
      method: 'POST',
      url: `/api/admin/payments/${id}/credit`,
      headers,
      json,
    });
  const integrity = () =>
    call<IntegrityReport>(t.app, { url: '/api/admin/integrity', headers: admin });
  /** The audit rows one money action left on a payment. */
  const auditOf = (paymentId: string, action: 'payment.refund' | 'payment.credit') =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, paymentId), eq(auditLog.action, action)));
  const votesOf = async (nominationId: string) =>
    (
      await t.database.query<{ vote_count: number }>(
        'SELECT vote_count FROM nominations WHERE id = $1',
        [nominationId],
      )
    )[0]!.vote_count;

  /** A sandbox card payment of `votes` votes (USD 0.50 each), completed through settle(). */
  async function paidByCard(votes: number) {
    const { nominations } = await createNominee(t.database.db);
    const nominationId = nominations[0]!.id;
    const id = randomUUID();
    const payment = await createCompletedPayment(t.database.db, {
      provider: 'stripe',
      votes: [{ nominationId, voteCount: votes }],
      payment: { id, providerRef: `sandbox_pi_${id.replace(/-/g, '')}` },
    });
    return { payment, nominationId };
  }

  it('refunds in part, then the rest, revoking the votes the money paid for, once', async () => {
    const { payment, nominationId } = await paidByCard(10);
    expect(await votesOf(nominationId)).toBe(10);
    // 75 cents of $5.00 paid for one and a half votes: two go.
    const part = await refund(payment.id, { reason: 'Charged twice', amount: 75 });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ status: 'refunded', refundedAmount: 75, countedVotes: 8 });
    expect(await votesOf(nominationId)).toBe(8);
    const rest = await refund(payment.id, { reason: 'Voter asked' });
    expect(rest.body).toMatchObject({ status: 'refunded', refundedAmount: 500, countedVotes: 0 });
    expect(await votesOf(nominationId)).toBe(0);
    const again = await refund(payment.id, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(await votesOf(nominationId)).toBe(0);
    const audit = await auditOf(payment.id, 'payment.refund');
    expect(audit.map((row) => row.reason).sort()).toEqual(['Charged twice', 'Voter asked']);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
    expect((await integrity()).body).toMatchObject({ ok: true, differences: [] });
  });

  it('keeps the receipt of a refunded payment, saying how much went back and what still counts', async () => {
    const { payment } = await paidByCard(4);
    const email = `refunded-${payment.id.slice(0, 8)}@example.com`;
    await t.database.query('UPDATE payments SET voter_email = $1 WHERE id = $2', [
      email,
      payment.id,
    ]);
    expect((await refund(payment.id, { reason: 'Duplicate', amount: 50 })).status).toBe(200);

    // The checkout that was following the payment still finds its receipt.
    const code = await call<{ receiptCode: string }>(t.app, {
      url: `/api/payment/${payment.id}/receipt-code`,
    });
    expect(code.status).toBe(200);
    expect(code.body.receiptCode).toBe(payment.receiptCode);
    const receipt = await call<ReceiptDetail>(t.app, {
      url: `/api/payment/receipt/${payment.receiptCode}`,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.payment).toMatchObject({
      status: 'refunded',
      refundedAmount: 50,
      totalVotes: 4,
      countedVotes: 3,
    });
    const found = await lookupWithCode(t.app, { email });
    expect(found.body.receipts).toEqual([
      expect.objectContaining({
        receiptCode: payment.receiptCode,
        status: 'refunded',
        refundedAmount: 50,
      }),
    ]);
  });

  it('refuses more than is left, payments that never completed, and unknown ones', async () => {
    const { payment } = await paidByCard(2);
    expect((await refund(payment.id, { reason: 'Too much', amount: 101 })).status).toBe(409);
    const { nominations } = await createNominee(t.database.db);
    const pending = await createPendingPayment(t.database.db, {
      votes: [{ nominationId: nominations[0]!.id, voteCount: 1 }],
    });
    expect((await refund(pending.id, { reason: 'Not paid' })).status).toBe(422);
    expect((await refund(randomUUID(), { reason: 'Nobody' })).status).toBe(404);
    expect((await paymentRow(t.database.db, payment.id))!.status).toBe('completed');
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { payment, nominationId } = await paidByCard(3);
    for (const body of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x', amount: -1 },
      { reason: 'x', amount: 0 },
      { reason: 'x', amount: 1.5 },
      { reason: 'x', amount: '50' },
      { reason: 'x', method: 'cash' },
      { reason: 'x', extra: true },
      { reason: 'x'.repeat(501) },
      { reason: 'a\u0000b' },
      [],
      'reason',
    ]) {
      const res = await refund(payment.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await refund('not-a-uuid', { reason: 'x' })).status).toBe(400);
    expect(await votesOf(nominationId)).toBe(3);
  });

  it('credits a payment in review whose money covers the order, once, with its audit row', async () => {
    const { nominations } = await createNominee(t.database.db);
    const nominationId = nominations[0]!.id;
    const order = async () => {
      const pending = await createPendingPayment(t.database.db, {
        provider: 'stripe',
        votes: [{ nominationId, voteCount: 2 }],
      });
      return pending;
    };
    // The provider took more than asked: the votes are paid for.
    const over = await order();
    await settlePayment(t.database.db, over.id, {
      status: 'completed',
      amount: over.amount + 50,
      currency: 'USD',
    });
    expect((await paymentRow(t.database.db, over.id))!.status).toBe('needs_review');
    expect(await votesOf(nominationId)).toBe(0);
    for (const body of [{}, { reason: '' }, { reason: 'x', amount: 1 }, []]) {
      expect((await credit(over.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const credited = await credit(over.id, { reason: 'Stripe kept the old amount' });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    expect(credited.body).toMatchObject({ status: 'completed', countedVotes: 2 });
    expect(credited.body.receiptCode).toMatch(/^\w{10,12}$/);
    expect(await votesOf(nominationId)).toBe(2);
    expect((await credit(over.id, { reason: 'again' })).status).toBe(422);
    expect(await votesOf(nominationId)).toBe(2);
    const audit = await auditOf(over.id, 'payment.credit');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.reason).toBe('Stripe kept the old amount');

    // Another currency, or money short of one vote: not credited, nothing changes.
    for (const [amount, currency] of [
      [over.amount, 'EUR'],
      [49, 'USD'],
    ] as const) {
      const odd = await order();
      await settlePayment(t.database.db, odd.id, { status: 'completed', amount, currency });
      const refused = await credit(odd.id, { reason: 'Close enough' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/does not pay for one vote/);
      expect((await paymentRow(t.database.db, odd.id))!.status).toBe('needs_review');
    }
    expect(await votesOf(nominationId)).toBe(2);
    const other = await order();
    expect((await credit(randomUUID(), { reason: 'Nobody' })).status).toBe(404);
    const member = (await signedInUser(t.database.db)).headers;
    expect((await credit(other.id, { reason: 'x' }, member)).status).toBe(403);
    expect((await credit(other.id, { reason: 'x' }, { origin: 'http://localhost' })).status).toBe(
      401,
    );
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  /** A card order of 3, 2 and 1 votes ($3.00) whose charge came back at `reported` cents. */
  async function inReview(reported: number) {
    const nominationIds = await Promise.all(
      [1, 2, 3].map(async () => (await createNominee(t.database.db)).nominations[0]!.id),
    );
    const id = randomUUID();
    const pending = await createPendingPayment(t.database.db, {
      provider: 'stripe',
      votes: nominationIds.map((nominationId, i) => ({ nominationId, voteCount: 3 - i })),
      payment: { id, providerRef: `sandbox_pi_${id.replace(/-/g, '')}` },
    });
    await settlePayment(t.database.db, pending.id, {
      status: 'completed',
      amount: reported,
      currency: 'USD',
    });
    expect((await paymentRow(t.database.db, pending.id))!.status).toBe('needs_review');
    return { payment: pending, nominationIds };
  }

  it('credits the whole votes short money pays for, shared across the order, once', async () => {
    const { payment, nominationIds } = await inReview(260);
    // $2.60 of $3.00 pays for five votes at 50 cents: the order becomes 5 votes for $2.50.
    const credited = await credit(payment.id, { reason: 'The voter sent less' });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    expect(credited.body).toMatchObject({ status: 'completed', countedVotes: 5 });
    expect(await Promise.all(nominationIds.map(votesOf))).toEqual([2, 2, 1]);
    expect(await paymentRow(t.database.db, payment.id)).toMatchObject({
      status: 'completed',
      amount: 250,
      totalVotes: 5,
    });
    expect((await credit(payment.id, { reason: 'again' })).status).toBe(422);
    const [audit] = await auditOf(payment.id, 'payment.credit');
    expect(audit).toMatchObject({
      reason: 'The voter sent less',
      before: { amount: 300, totalVotes: 6, countedVotes: 0 },
      after: { amount: 250, totalVotes: 5, received: { amount: 260, currency: 'USD' } },
    });
    // Later refunds read the cut order: 50 cents of $2.50 takes one vote.
    const part = await refund(payment.id, { reason: 'Voter asked', amount: 50 });
    expect(part.body).toMatchObject({ refundedAmount: 50, countedVotes: 4 });
    expect(await tallyMismatches(t.database.db)).toEqual([]);
    expect((await integrity()).body).toMatchObject({ ok: true, differences: [] });
  });

  it('refunds a payment in review in full, the money received going back, once', async () => {
    const { payment, nominationIds } = await inReview(120);
    const partly = await refund(payment.id, { reason: 'Not enough', amount: 100 });
    expect(partly.status).toBe(422);
    expect(partly.body.message).toMatch(/refunded in full/);
    const returned = await refund(payment.id, { reason: 'Money short: returned' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body).toMatchObject({
      status: 'refunded',
      refundedAmount: 300,
      countedVotes: 0,
    });
    expect(await Promise.all(nominationIds.map(votesOf))).toEqual([0, 0, 0]);
    // Never counted: no receipt for the checkout to show.
    const code = await call<{ message: string }>(t.app, {
      url: `/api/payment/${payment.id}/receipt-code`,
    });
    expect(code.status).toBe(409);
    expect(code.body.message).toMatch(/no receipt/);
    expect((await refund(payment.id, { reason: 'Again' })).status).toBe(409);
    expect((await credit(payment.id, { reason: 'Too late' })).status).toBe(422);
    const [audit] = await auditOf(payment.id, 'payment.refund');
    expect(audit).toMatchObject({
      reason: 'Money short: returned',
      before: { status: 'needs_review', countedVotes: 0 },
      after: { status: 'refunded', returned: { amount: 120, currency: 'USD' } },
    });
    const history = await t.database.query<{ from_status: string; to_status: string }>(
      'SELECT from_status, to_status FROM payment_events WHERE payment_id = $1 ORDER BY created_at',
      [payment.id],
    );
    expect(history.at(-1)).toEqual({ from_status: 'needs_review', to_status: 'refunded' });
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('is for admins only', async () => {
    const { payment } = await paidByCard(1);
    const visitor = (await signedInUser(t.database.db)).headers;
    expect((await refund(payment.id, { reason: 'x' }, { origin: 'http://localhost' })).status).toBe(
      401,
    );
    expect((await refund(payment.id, { reason: 'x' }, visitor)).status).toBe(403);
    expect((await call(t.app, { url: '/api/admin/integrity', headers: visitor })).status).toBe(403);
    expect((await paymentRow(t.database.db, payment.id))!.status).toBe('completed');
  });

  it('the integrity check reports a tally and a payment that do not add up', async () => {
    const { payment, nominationId } = await paidByCard(4);
    expect((await integrity()).body.ok).toBe(true);
    await t.database.query('UPDATE payment_votes SET counted = counted - 1 WHERE payment_id = $1', [
      payment.id,
    ]);
    await t.database.query('UPDATE nominations SET vote_count = vote_count + 1 WHERE id = $1', [
      nominationId,
    ]);
    const { body } = await integrity();
    expect(body.ok).toBe(false);
    expect(body.differences).toEqual(
      expect.arrayContaining([
        { kind: 'tally', id: nominationId, expected: 3, actual: 5 },
        { kind: 'payment', id: payment.id, expected: 4, actual: 3 },
        { kind: 'trending', id: nominationId, expected: 5, actual: 4 },
      ]),
    );
    // Put back, so the other tests' books balance.
    await t.database.query('UPDATE payment_votes SET counted = vote_count WHERE payment_id = $1', [
      payment.id,
    ]);
    await t.database.query('UPDATE nominations SET vote_count = 4 WHERE id = $1', [nominationId]);
  });

  it("checks one edition's books at a time: another edition's difference shows only there", async () => {
    const past = await createEdition(t.database.db, { slug: 'books-2024', timezone: 'UTC' });
    const category = await createCategory(t.database.db, { editionId: past.id });
    const nominee = await createNominee(t.database.db, { categoryIds: [category.id] });
    const nominationId = nominee.nominations[0]!.id;
    await t.database.query('UPDATE nominations SET vote_count = 2 WHERE id = $1', [nominationId]);
    const of = (query: string) =>
      call<IntegrityReport>(t.app, { url: `/api/admin/integrity${query}`, headers: admin });
    expect((await of('')).body).toMatchObject({ ok: true, differences: [] });
    expect((await of('?edition=books-2024')).body.differences).toEqual([
      { kind: 'tally', id: nominationId, expected: 0, actual: 2 },
      { kind: 'trending', id: nominationId, expected: 2, actual: 0 },
    ]);
    expect((await of('?edition=no-such-year')).status).toBe(404);
    expect((await of('?edition=Not%20A%20Slug')).status).toBe(400);
    await t.database.query('UPDATE nominations SET vote_count = 0 WHERE id = $1', [nominationId]);
  });
});
