import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.js';
import { createCategory, createNominee, nominationVotes } from '#test/factories/catalog-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';
import { createCompletedPayment, createPendingPayment } from '#test/factories/payment-factory.js';
import { createPaymentFlag } from '#test/factories/payment-flag-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { paymentRow, tallyMismatches } from '#test/support/payment-test-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import type { ClearFlagsResponse, HoldResponse } from '#shared/schemas/payment-flags.js';
import type { CreditResponse, RefundResponse } from '#shared/schemas/payment.js';
import type { TrackingResponse } from '#shared/schemas/tracking.js';

describeEachDatabase('velocity flags in voter tracking', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await signedInUser(t.database.db, { isAdmin: true })).headers;
  });
  afterAll(() => t.close());

  const post = <T>(url: string, json: unknown, headers = admin) =>
    call<T & { message?: string }>(t.app, { method: 'POST', url, headers, json });
  const hold = (
    id: string,
    json: unknown = { reason: 'Four phones from one device' },
    headers = admin,
  ) => post<HoldResponse>(`/api/admin/payments/${id}/hold`, json, headers);
  const clear = (id: string, json: unknown = {}, headers = admin) =>
    post<ClearFlagsResponse>(`/api/admin/payments/${id}/flags/clear`, json, headers);
  const list = (query: string) =>
    call<TrackingResponse>(t.app, { url: `/api/voter-tracking?tz=UTC&${query}`, headers: admin });

  /** A completed mobile-money payment of `votes` votes with a device-phones flag. */
  async function flaggedPayment(votes = 4, editionId?: number) {
    const categoryIds = editionId
      ? [(await createCategory(t.database.db, { editionId })).id]
      : undefined;
    const { nominations } = await createNominee(t.database.db, { categoryIds });
    const nominationId = nominations[0]!.id;
    const payment = await createCompletedPayment(t.database.db, {
      votes: [{ nominationId, voteCount: votes }],
      payment: {
        voterEmail: `flagged-${nominationId}@example.com`,
        ...(editionId ? { editionId } : {}),
      },
    });
    await createPaymentFlag(t.database.db, payment);
    return { payment, nominationId };
  }

  it('is for admins only', async () => {
    const { payment } = await flaggedPayment();
    const visitor = (await signedInUser(t.database.db)).headers;
    for (const send of [hold, clear]) {
      expect((await send(payment.id, { reason: 'x' }, { origin: 'http://localhost' })).status).toBe(
        401,
      );
      expect((await send(payment.id, { reason: 'x' }, visitor)).status).toBe(403);
    }
    expect((await paymentRow(t.database.db, payment.id))!.status).toBe('completed');
  });

  it('refuses bad input with 400, an unknown payment with 404, and another state with 422', async () => {
    const { payment } = await flaggedPayment();
    for (const body of [{}, { reason: '' }, { reason: 'x', extra: 1 }]) {
      const bad = await hold(payment.id, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toMatch(/Invalid hold/);
    }
    expect((await clear(payment.id, { reason: 7 })).status).toBe(400);
    expect((await hold('not-a-uuid')).status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await hold(unknown)).status).toBe(404);
    expect((await clear(unknown)).status).toBe(404);
    const { nominations } = await createNominee(t.database.db);
    const pending = await createPendingPayment(t.database.db, {
      votes: [{ nominationId: nominations[0]!.id, voteCount: 1 }],
    });
    const refused = await hold(pending.id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/Only a completed payment/);
  });

  it('holds a payment: its votes leave the count once, its money and receipt stay', async () => {
    const { payment, nominationId } = await flaggedPayment(4);
    expect(await nominationVotes(t.database.db, nominationId)).toBe(4);

    const held = await hold(payment.id);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body).toEqual({ paymentId: payment.id, status: 'needs_review', countedVotes: 0 });
    expect(await nominationVotes(t.database.db, nominationId)).toBe(0);
    const row = await paymentRow(t.database.db, payment.id);
    expect(row).toMatchObject({ status: 'needs_review', receiptCode: payment.receiptCode });
    expect(row!.failureReason).toBe('held_for_review: Four phones from one device');
    const again = await hold(payment.id);
    expect(again.status).toBe(409);
    expect(await nominationVotes(t.database.db, nominationId)).toBe(4 - 4);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, payment.id), eq(auditLog.action, 'payment.hold')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { status: 'completed', countedVotes: 4 },
      after: { status: 'needs_review', countedVotes: 0 },
    });
    expect(await tallyMismatches(t.database.db)).toEqual([]);

    // Credited after review: the same receipt, every vote back, the revenue counted once.
    const credited = await post<CreditResponse>(`/api/admin/payments/${payment.id}/credit`, {
      reason: 'The voter called: one family',
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    expect(credited.body).toEqual({
      paymentId: payment.id,
      status: 'completed',
      receiptCode: payment.receiptCode,
      countedVotes: 4,
    });
    expect(await nominationVotes(t.database.db, nominationId)).toBe(4);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('refunds a held payment in full, its votes already out', async () => {
    const { payment, nominationId } = await flaggedPayment(2);
    await t.database.db.execute(
      `UPDATE payments SET provider_ref = 'sandbox_${payment.id.replace(/-/g, '')}' WHERE id = '${payment.id}'`,
    );
    expect((await hold(payment.id)).status).toBe(200);
    const refunded = await post<RefundResponse>(`/api/admin/payments/${payment.id}/refund`, {
      reason: 'Bought with many phones',
      method: 'outside',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({
      status: 'refunded',
      refundedAmount: payment.amount,
      countedVotes: 0,
    });
    expect(await nominationVotes(t.database.db, nominationId)).toBe(0);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('clears the flags, leaves the payment alone, and lists and exports flags per edition', async () => {
    const { payment, nominationId } = await flaggedPayment(3);
    const other = await createEdition(t.database.db);
    const elsewhere = await flaggedPayment(1, other.id);

    const flagged = await list('flag=flagged&pageSize=100');
    expect(flagged.status).toBe(200);
    const ids = flagged.body.recentPayments.map((p) => p.id);
    expect(ids).toContain(payment.id);
    expect(ids).not.toContain(elsewhere.payment.id);
    expect(flagged.body.recentPayments.every((p) => p.flags.some((f) => !f.clearedAt))).toBe(true);
    expect(flagged.body.recentPayments.find((p) => p.id === payment.id)!.flags).toMatchObject([
      { kind: 'device-phones', measured: 3, threshold: 3, windowSeconds: 3600, clearedAt: null },
    ]);
    const theirs = await list(`flag=flagged&edition=${other.slug}`);
    expect(theirs.body.recentPayments.map((p) => p.id)).toEqual([elsewhere.payment.id]);
    expect((await list('flag=maybe')).status).toBe(400);

    const csv = await call<string>(t.app, {
      url: `/api/voter-tracking/export.csv?tz=UTC&search=${payment.voterEmail}`,
      headers: admin,
    });
    expect(csv.body.split('\r\n')[0]).toMatch(/,Flags$/);
    expect(csv.body).toContain('device-phones 3/3 in 60 min');

    const cleared = await clear(payment.id, { reason: 'A family sharing a phone' });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toEqual({ paymentId: payment.id, cleared: 1 });
    expect((await clear(payment.id)).status).toBe(409);
    expect((await paymentRow(t.database.db, payment.id))!.status).toBe('completed');
    expect(await nominationVotes(t.database.db, nominationId)).toBe(3);
    const after = await list('flag=flagged&pageSize=100');
    expect(after.body.recentPayments.map((p) => p.id)).not.toContain(payment.id);
    const all = await list(`search=${payment.voterEmail}`);
    expect(all.body.recentPayments[0]!.flags[0]!.clearedAt).not.toBeNull();
  });
});
