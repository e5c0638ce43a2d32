import { afterAll, beforeAll, expect, it } from 'vitest';
import { settle } from '#server/payments/settle.js';
import type { OutboxResponse } from '#shared/schemas/outbox.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createOutboxMessages } from '#test/factories/outbox-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { twoEditionsWithPayments } from '#test/support/two-editions.js';

describeEachDatabase('GET /api/admin/outbox', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let voter: Record<string, string>;
  const list = (query = '', headers = admin) =>
    call<OutboxResponse>(t.app, { url: `/api/admin/outbox${query}`, headers });

  beforeAll(async () => {
    // No gateway configured: the sandbox keeps every message. A long interval: what is delivered
    // went because the settlement nudged the worker.
    t = await createTestApp(kind, {
      OUTBOX_INTERVAL_MS: '600000',
      SANDBOX_SETTLE_DELAY_MS: '600000',
      PUBLIC_URL: 'https://vote.example.com',
    });
    admin = (await signedInUser(t.database.db, { isAdmin: true })).headers;
    voter = (await signedInUser(t.database.db)).headers;
  });
  afterAll(() => t.close());

  /** A sandbox mobile-money payment started in `language`, then completed as a callback would. */
  async function paidVote(language: string) {
    const nominee = await createNominee(t.database.db);
    const started = await call(t.app, {
      method: 'POST',
      url: '/api/campay-payment',
      headers: { 'accept-language': language },
      body: {
        phoneNumber: '677123456',
        voterEmail: 'fan@example.com',
        nominationVotes: [{ nominationId: nominee.nominations[0]!.id, voteCount: 2 }],
        totalVotes: 2,
      },
    });
    expect(started.status).toBe(200);
    const paymentId = started.body.paymentId as string;
    const { receiptCode } = await settle(
      t.app.ctx,
      paymentId,
      { status: 'completed', amount: 200, currency: 'XAF' },
      'callback',
    );
    await t.app.ctx.outbox.deliverDue();
    return { paymentId, receiptCode: receiptCode! };
  }

  it('refuses the signed out (401) and voters (403)', async () => {
    expect((await list('', {})).status).toBe(401);
    expect((await list('', voter)).status).toBe(403);
  });

  it('shows admins the receipts the sandbox kept, in the voter’s language, newest first', async () => {
    const fr = await paidVote('fr');
    const en = await paidVote('en-GB,en;q=0.8');
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.total).toBeGreaterThanOrEqual(4);
    expect(res.body.messages[0]!.paymentId).toBe(en.paymentId);
    const mine = await list(`?paymentId=${fr.paymentId}`);
    expect(mine.body.total).toBe(2);
    expect(mine.body.messages.map((m) => [m.channel, m.state, m.language, m.kind]).sort()).toEqual([
      ['email', 'sandbox', 'fr', 'receipt'],
      ['sms', 'sandbox', 'fr', 'receipt'],
    ]);
    const sms = mine.body.messages.find((m) => m.channel === 'sms')!;
    expect(sms.recipient).toBe('+237677123456');
    expect(sms.body).toContain(`Recu Palmares ${fr.receiptCode}`);
    expect(sms.body).toContain(`https://vote.example.com/my-receipts?code=${fr.receiptCode}`);
    expect(sms.gatewayMessageId).toBe(`sandbox-${sms.id}`);
    expect(sms.sentAt).not.toBeNull();
    // The sandbox sends no delivery reports.
    expect(sms).toMatchObject({ deliveryStatus: null, deliveryDetail: null, deliveredAt: null });
    const english = await list(`?paymentId=${en.paymentId}&limit=1&page=2`);
    expect(english.body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(english.body.messages).toHaveLength(1);
    expect(english.body.messages[0]!.language).toBe('en');
  });

  it('filters by state and by channel', async () => {
    const [failed] = await createOutboxMessages(t.database.db, [
      { state: 'failed', lastError: 'gateway refused' },
      { channel: 'email', state: 'sent' },
    ]);
    const failures = await list('?state=failed');
    expect(failures.status).toBe(200);
    expect(failures.body.messages.map((m) => m.id)).toEqual([failed!.id]);
    expect(failures.body.total).toBe(1);
    const emails = await list('?channel=email&state=sent');
    expect(emails.body.messages.every((m) => m.channel === 'email' && m.state === 'sent')).toBe(
      true,
    );
    expect(emails.body.total).toBeGreaterThan(0);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      '?limit=0',
      '?limit=1000',
      '?page=0',
      '?paymentId=nope',
      '?state=lost',
      '?channel=fax',
      '?sort=recipient',
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
    }
  });
});

describeEachDatabase('GET /api/admin/outbox per edition', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ids: Awaited<ReturnType<typeof twoEditionsWithPayments>>['messages'];
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await signedInUser(t.database.db, { isAdmin: true })).headers;
    ids = (await twoEditionsWithPayments(t.database.db)).messages;
  });
  afterAll(() => t.close());

  it("lists each edition's payments' messages, and the lookup codes with the current one only", async () => {
    const current = await call<OutboxResponse>(t.app, { url: '/api/admin/outbox', headers: admin });
    expect(current.body.messages.map((m) => m.id).sort()).toEqual([...ids.current].sort());
    expect(current.body.total).toBe(3);
    const past = await call<OutboxResponse>(t.app, {
      url: '/api/admin/outbox?edition=past-2025',
      headers: admin,
    });
    expect(past.body.messages.map((m) => m.id).sort()).toEqual([...ids.past].sort());
    expect(past.body.total).toBe(2);
  });

  it("pages the current edition's messages and lookup codes as one list, newest first", async () => {
    const page = (query: string) =>
      call<OutboxResponse>(t.app, { url: `/api/admin/outbox?${query}`, headers: admin });
    const all = (await page('limit=50')).body.messages.map((m) => m.id);
    const pages = [await page('page=1&limit=2'), await page('page=2&limit=2')];
    expect(pages.map((p) => p.body.total)).toEqual([3, 3]);
    expect(pages.flatMap((p) => p.body.messages.map((m) => m.id))).toEqual(all);
    expect((await page('page=3&limit=2')).body.messages).toEqual([]);
  });

  it('answers 404 for an unknown edition and 400 for a malformed one', async () => {
    const unknown = await call(t.app, { url: '/api/admin/outbox?edition=1999', headers: admin });
    expect(unknown.status).toBe(404);
    const bad = await call(t.app, { url: '/api/admin/outbox?edition=Not_A_Slug', headers: admin });
    expect(bad.status).toBe(400);
  });
});
