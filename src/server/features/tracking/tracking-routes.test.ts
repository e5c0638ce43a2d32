import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sandboxIntentId } from '#server/payments/providers/sandbox-refs.js';
import { call } from '#test/support/call-app.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';
import {
  createCompletedPayment,
  createPendingPayment,
  revisePaymentAs,
} from '#test/factories/payment-factory.js';
import { signIn } from '#test/support/sign-in.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import type { TrackingResponse } from '#shared/schemas/tracking.js';

describeEachDatabase('voter tracking routes', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await signIn(t, { isAdmin: true })).cookie;
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    const visitor = (await signIn(t)).cookie;
    for (const url of ['/api/voter-tracking', '/api/voter-tracking/export.csv']) {
      expect((await call(t.app, { url })).status, url).toBe(401);
      expect((await call(t.app, { url, headers: { cookie: visitor } })).status, url).toBe(403);
    }
    const check = await call(t.app, {
      method: 'POST',
      url: '/api/admin/check-campay-payments',
      headers: { cookie: visitor },
    });
    expect(check.status).toBe(403);
  });

  it('answers filtered pages and refuses unknown filter values with 400', async () => {
    const { nominations } = await createNominee(t.database.db);
    await createCompletedPayment(t.database.db, {
      provider: 'stripe',
      votes: [{ nominationId: nominations[0]!.id, voteCount: 3 }],
      payment: { voterEmail: 'card@example.com' },
    });
    const res = await call<TrackingResponse>(t.app, {
      url: '/api/voter-tracking?provider=stripe&pageSize=20&tz=UTC',
      headers: { cookie: admin },
    });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 20,
      stripeRevenue: { revenue: 150, count: 1 },
    });
    expect(body.recentPayments[0]).toMatchObject({
      provider: 'stripe',
      sandbox: false,
      voterEmail: 'card@example.com',
      status: 'completed',
    });

    for (const query of [
      'provider=paypal',
      'pageSize=7',
      'status=settled',
      'from=yesterday',
      'tz=Nowhere/Town',
      'bogus=1',
      'page=-1',
    ]) {
      const bad = await call(t.app, {
        url: `/api/voter-tracking?${query}`,
        headers: { cookie: admin },
      });
      expect(bad.status, query).toBe(400);
      expect(bad.body.message, query).toMatch(/Invalid tracking filters/);
    }
  });

  it('marks a payment the sandbox took, and exports its provider as stored', async () => {
    const { nominations } = await createNominee(t.database.db);
    const email = 'sandbox-card@example.com';
    const payment = await createCompletedPayment(t.database.db, {
      provider: 'stripe',
      votes: [{ nominationId: nominations[0]!.id, voteCount: 1 }],
      payment: { voterEmail: email },
    });
    await t.database.db.execute(
      sql`UPDATE payments SET provider_ref = ${sandboxIntentId(payment.id)} WHERE id = ${payment.id}`,
    );
    const res = await call<TrackingResponse>(t.app, {
      url: `/api/voter-tracking?search=${email}`,
      headers: { cookie: admin },
    });
    expect(res.body.recentPayments).toMatchObject([{ provider: 'stripe', sandbox: true }]);
    const csv = await call<string>(t.app, {
      url: `/api/voter-tracking/export.csv?search=${email}`,
      headers: { cookie: admin },
    });
    expect(csv.body).toContain(`${payment.id},stripe,`);
  });

  it('exports the whole filtered set as escaped CSV, neutralising formulas', async () => {
    const { nominations } = await createNominee(t.database.db);
    const votes = [{ nominationId: nominations[0]!.id, voteCount: 1 }];
    await createPendingPayment(t.database.db, {
      votes,
      payment: {
        voterEmail: '=cmd|calc@example.com',
        phoneNumber: '237670000009',
        failureReason: 'says "no", twice\nreally',
      },
    });
    await createPendingPayment(t.database.db, {
      votes,
      payment: { voterEmail: 'plain@example.com' },
    });
    const res = await call<string>(t.app, {
      url: '/api/voter-tracking/export.csv?provider=campay&status=pending&tz=Africa/Lagos',
      headers: { cookie: admin },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="voter-tracking-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.body.replace(/^\uFEFF/, '');
    const [header, ...rest] = text.split('\r\n');
    expect(header).toBe(
      'Payment ID,Provider,Amount,Refunded,Email,Phone,Device Time,IP Address,Status,Attempted,Failure Reason,Receipt Code,Created At,Flags',
    );
    expect(text).toContain(`'=cmd|calc@example.com`);
    expect(text).toContain('"says ""no"", twice\nreally"');
    expect(text).toContain('100 CFA');
    expect(text).toMatch(/\+01:00,\r\n/);
    expect(rest.filter((line) => /^[0-9a-f]{8}-/.test(line))).toHaveLength(2);
  });

  it('keeps a partly refunded payment in revenue as finance does, and exports its refund and a declined card as failed', async () => {
    const { nominations } = await createNominee(t.database.db);
    const votes = [{ nominationId: nominations[0]!.id, voteCount: 6 }];
    const summary = async () => {
      const res = await call<TrackingResponse>(t.app, {
        url: '/api/voter-tracking?provider=campay&tz=UTC',
        headers: { cookie: admin },
      });
      return res.body.campayRevenue;
    };
    const paid = await createCompletedPayment(t.database.db, {
      votes,
      payment: { voterEmail: 'partly-refunded@example.com' },
    });
    const before = await summary();
    await revisePaymentAs(t.database.db, paid.id, { kind: 'refund', refundedAmount: 200 });
    expect(await summary()).toEqual(before);
    await createPendingPayment(t.database.db, {
      votes,
      provider: 'stripe',
      payment: {
        voterEmail: 'declined@example.com',
        attemptedAt: new Date(),
        failureReason: 'Your card was declined.',
      },
    });

    const res = await call<string>(t.app, {
      url: '/api/voter-tracking/export.csv?tz=UTC',
      headers: { cookie: admin },
    });
    const lines = res.body.split('\r\n');
    const refunded = lines.find((line) => line.includes('partly-refunded@example.com'))!;
    expect(refunded).toMatch(/,600 CFA,200 CFA,partly-refunded@example\.com,.*,refunded,/);
    const declined = lines.find((line) => line.includes('declined@example.com'))!;
    expect(declined).toMatch(/,failed,.*Your card was declined\./);
  });
});

describeEachDatabase('voter tracking per edition', (kind) => {
  let t: TestApp;
  let admin: string;
  let past: string;
  const ids = { now: [] as string[], then: [] as string[] };
  const get = async <T>(url: string) => {
    const res = await call<T>(t.app, { url, headers: { cookie: admin } });
    expect(res.status, url).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await signIn(t, { isAdmin: true })).cookie;
    const db = t.database.db;
    const edition = await createEdition(db, { slug: 'past-2025' });
    past = edition.slug;
    const now = (await createNominee(db)).nominations[0]!;
    const then = (
      await createNominee(db, {
        categoryIds: [(await createCategory(db, { editionId: edition.id })).id],
      })
    ).nominations[0]!;
    // The same voter paid in both editions.
    const voterEmail = 'both@example.com';
    for (const [provider, voteCount] of [
      ['campay', 3],
      ['stripe', 1],
    ] as const) {
      const p = await createCompletedPayment(db, {
        provider,
        votes: [{ nominationId: now.id, voteCount }],
        payment: { voterEmail },
      });
      ids.now.push(p.id);
    }
    for (const [provider, voteCount, unitPrice] of [
      ['campay', 7, 150],
      ['stripe', 2, 75],
    ] as const) {
      const p = await createCompletedPayment(db, {
        provider,
        votes: [{ nominationId: then.id, voteCount }],
        payment: { voterEmail, editionId: edition.id, unitPrice },
      });
      ids.then.push(p.id);
    }
    const pending = await createPendingPayment(db, {
      votes: [{ nominationId: then.id, voteCount: 4 }],
      payment: { voterEmail, editionId: edition.id, unitPrice: 150 },
    });
    ids.then.push(pending.id);
  });
  afterAll(() => t.close());

  it("lists and sums each edition's own payments, from the stats and from a search", async () => {
    for (const search of ['', '&search=both@example.com']) {
      const current = await get<TrackingResponse>(`/api/voter-tracking?tz=UTC${search}`);
      expect(current.recentPayments.map((p) => p.id).sort(), search).toEqual([...ids.now].sort());
      expect(current).toMatchObject({
        total: 2,
        abandoned: 0,
        campayRevenue: { revenue: 300, count: 1 },
        stripeRevenue: { revenue: 50, count: 1 },
      });
      const old = await get<TrackingResponse>(
        `/api/voter-tracking?tz=UTC&edition=${past}${search}`,
      );
      expect(old.recentPayments.map((p) => p.id).sort(), search).toEqual([...ids.then].sort());
      expect(old).toMatchObject({
        total: 3,
        abandoned: 1,
        campayRevenue: { revenue: 1050, count: 1 },
        stripeRevenue: { revenue: 150, count: 1 },
      });
    }
  });

  it("exports each edition's own payments", async () => {
    const rows = (csv: string) => csv.trim().split('\n').slice(1);
    const current = rows(await get<string>('/api/voter-tracking/export.csv?tz=UTC'));
    expect(current.map((line) => line.split(',')[0]).sort()).toEqual([...ids.now].sort());
    const old = rows(await get<string>(`/api/voter-tracking/export.csv?tz=UTC&edition=${past}`));
    expect(old.map((line) => line.split(',')[0]).sort()).toEqual([...ids.then].sort());
  });

  it('answers 404 for an unknown edition and 400 for a malformed one', async () => {
    for (const url of ['/api/voter-tracking', '/api/voter-tracking/export.csv']) {
      const unknown = await call(t.app, { url: `${url}?edition=1999`, headers: { cookie: admin } });
      expect(unknown.status, url).toBe(404);
      const malformed = await call(t.app, {
        url: `${url}?edition=Not_A_Slug`,
        headers: { cookie: admin },
      });
      expect(malformed.status, url).toBe(400);
    }
  });
});
