import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, outboxMessages } from '#server/db/schema.js';
import { revisePayment } from '#server/payments/revise-payment.js';
import { settle } from '#server/payments/settle.js';
import type { PublicEvent } from '#shared/schemas/event.js';
import type {
  PaymentMessagesResponse,
  ReceiptResendResponse,
} from '#shared/schemas/payment-messages.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import { resetEvent } from '#test/factories/event-factory.js';
import { createPendingPayment } from '#test/factories/payment-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const LOOKUPS_PER_MINUTE = 2;

describeEachDatabase("a payment's messages and its receipt sent again", (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminEmail: string | null;
  let voter: Record<string, string>;
  /** Each voter request from an address of its own, so the per-address limit is tested alone. */
  let address = 0;
  const nextAddress = () => `127.2.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  beforeAll(async () => {
    // The sandbox keeps every message; a long interval: only the tests deliver.
    t = await createTestApp(kind, {
      OUTBOX_INTERVAL_MS: '600000',
      SANDBOX_SETTLE_DELAY_MS: '600000',
      PUBLIC_URL: 'https://vote.example.com',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: String(LOOKUPS_PER_MINUTE),
    });
    const signedIn = await signedInUser(t.database.db, { isAdmin: true });
    admin = signedIn.headers;
    adminEmail = signedIn.user.email;
    voter = (await signedInUser(t.database.db)).headers;
  });
  afterEach(async () => {
    await resetEvent(t.database.db);
    t.app.ctx.events.emit('event-changed');
    vi.restoreAllMocks();
  });
  afterAll(() => t.close());

  const messagesOf = (id: string, headers = admin) =>
    call<PaymentMessagesResponse & { message?: string }>(t.app, {
      url: `/api/admin/payments/${id}/messages`,
      headers,
    });
  const adminResend = (id: string, headers = admin) =>
    call<PaymentMessagesResponse & { message?: string }>(t.app, {
      method: 'POST',
      url: `/api/admin/payments/${id}/receipt/resend`,
      headers,
    });
  const voterResend = (code: string, options: { language?: string; json?: unknown } = {}) =>
    call<ReceiptResendResponse & { message?: string }>(t.app, {
      method: 'POST',
      url: `/api/payment/receipt/${code}/resend`,
      headers: { 'accept-language': options.language ?? 'en' },
      remoteAddress: nextAddress(),
      ...(options.json === undefined ? {} : { json: options.json }),
    });
  /** A payment's messages in the order they were written (a table has no order of its own). */
  const outboxRows = (paymentId: string) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.paymentId, paymentId))
      .orderBy(outboxMessages.createdAt, outboxMessages.id);

  /** A mobile-money payment (with an e-mail unless null), completed as a callback would. */
  async function paidVote(
    options: { voterEmail?: string | null; language?: 'en' | 'fr'; phone?: string | null } = {},
  ) {
    const nominee = await createNominee(t.database.db);
    const pending = await createPendingPayment(t.database.db, {
      votes: [{ nominationId: nominee.nominations[0]!.id, voteCount: 2 }],
      payment: {
        phoneNumber: options.phone === undefined ? '237677123456' : options.phone,
        voterEmail: options.voterEmail === undefined ? 'fan@example.com' : options.voterEmail,
        language: options.language ?? 'en',
      },
    });
    const { receiptCode } = await settle(
      t.app.ctx,
      pending.id,
      { status: 'completed', amount: pending.amount, currency: pending.currency },
      'callback',
    );
    return { id: pending.id, receiptCode: receiptCode!, amount: pending.amount };
  }

  describe('GET /api/admin/payments/{id}/messages', () => {
    it('refuses the signed out (401) and voters (403)', async () => {
      const { id } = await paidVote();
      expect((await messagesOf(id, {})).status).toBe(401);
      expect((await messagesOf(id, voter)).status).toBe(403);
    });

    it('lists the receipt by SMS and e-mail with their delivery states, newest first', async () => {
      // Not delivered until the test says so.
      vi.spyOn(t.app.ctx.outbox, 'written').mockImplementation(() => undefined);
      const { id } = await paidVote();
      const queued = await messagesOf(id);
      expect(queued.status).toBe(200);
      expect(queued.headers['cache-control']).toBe('no-store');
      expect(queued.body.messages.map((m) => [m.channel, m.kind, m.state]).sort()).toEqual([
        ['email', 'receipt', 'pending'],
        ['sms', 'receipt', 'pending'],
      ]);
      await t.app.ctx.outbox.deliverDue();
      const delivered = await messagesOf(id);
      const sms = delivered.body.messages.find((m) => m.channel === 'sms')!;
      expect(sms).toMatchObject({
        recipient: '+237677123456',
        state: 'sandbox',
        deliveryStatus: null,
        attempts: 1,
        lastError: null,
        deliveredAt: null,
      });
      expect(sms.sentAt).not.toBeNull();
      expect(Object.keys(sms).sort()).toEqual(
        [
          'id',
          'channel',
          'kind',
          'recipient',
          'state',
          'deliveryStatus',
          'attempts',
          'lastError',
          'sentAt',
          'deliveredAt',
          'createdAt',
        ].sort(),
      );
    });

    it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
      expect((await messagesOf(UNKNOWN_ID)).status).toBe(404);
      expect((await messagesOf('nope')).status).toBe(400);
    });
  });

  describe('POST /api/admin/payments/{id}/receipt/resend', () => {
    it('writes a fresh receipt to the payment’s own phone and e-mail, wakes the worker and audits it', async () => {
      const { id, receiptCode } = await paidVote({ language: 'fr' });
      await t.app.ctx.outbox.deliverDue();
      const written = vi.spyOn(t.app.ctx.outbox, 'written').mockImplementation(() => undefined);
      const res = await adminResend(id);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.messages.map((m) => [m.channel, m.recipient, m.kind]).sort()).toEqual([
        ['email', 'fan@example.com', 'receipt'],
        ['sms', '+237677123456', 'receipt'],
      ]);
      const rows = await outboxRows(id);
      expect(rows).toHaveLength(4);
      const copies = rows.filter((row) => res.body.messages.some((m) => m.id === row.id));
      for (const copy of copies) {
        expect(copy.language).toBe('fr');
        expect(copy.body).toContain(receiptCode);
      }
      // The worker was told: the copies go without waiting for its next tick.
      expect(written).toHaveBeenCalledOnce();
      await t.app.ctx.outbox.deliverDue();
      const states = (await messagesOf(id)).body.messages.map((m) => m.state);
      expect(states).toEqual(['sandbox', 'sandbox', 'sandbox', 'sandbox']);
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'payment.resend-receipt')));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorEmail: adminEmail,
        entityType: 'payment',
        before: null,
      });
      expect(audit[0]!.after).toMatchObject({ receiptCode });
    });

    it('answers 409 for a payment without a receipt, 404 for an unknown one, 401 and 403 for others', async () => {
      const nominee = await createNominee(t.database.db);
      const pending = await createPendingPayment(t.database.db, {
        votes: [{ nominationId: nominee.nominations[0]!.id, voteCount: 1 }],
        payment: { phoneNumber: '237677123456' },
      });
      const res = await adminResend(pending.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/pending/);
      expect((await adminResend(UNKNOWN_ID)).status).toBe(404);
      expect((await adminResend('nope')).status).toBe(400);
      const { id } = await paidVote();
      expect((await adminResend(id, {})).status).toBe(401);
      expect((await adminResend(id, voter)).status).toBe(403);
      expect(await outboxRows(pending.id)).toHaveLength(0);
    });

    it('answers 409 once a refund took every vote back', async () => {
      const { id, amount } = await paidVote();
      await revisePayment(t.app.ctx, id, { kind: 'refund', refundedAmount: amount }, 'admin');
      expect((await adminResend(id)).status).toBe(409);
    });

    it('sends a partly refunded payment’s receipt with the votes that still count', async () => {
      const { id, amount } = await paidVote();
      await revisePayment(t.app.ctx, id, { kind: 'refund', refundedAmount: amount / 2 }, 'admin');
      expect((await adminResend(id)).status).toBe(202);
      const receipts = (await outboxRows(id)).filter((m) => m.kind === 'receipt');
      const latest = receipts.filter((m) => m.channel === 'email').at(-1)!;
      expect(latest.body).toMatch(/of your payment of .+ was refunded; these votes still count/);
      expect(latest.body).toMatch(/Total: 1 vote\n/);
    });

    it('allows three an hour per payment (429 with Retry-After), counted apart from the voter’s', async () => {
      const { id, receiptCode } = await paidVote();
      for (let i = 0; i < 3; i++) expect((await adminResend(id)).status).toBe(202);
      const limited = await adminResend(id);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/3 times in the last hour/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
      // Two receipts and three copies, nothing from the refused one.
      expect(await outboxRows(id)).toHaveLength(8);
      // Another payment has its own count, and so has the voter.
      expect((await adminResend((await paidVote()).id)).status).toBe(202);
      expect((await voterResend(receiptCode)).status).toBe(202);
    });

    it('counts only the last hour: resends from before it do not hold a new one back', async () => {
      const { id } = await paidVote();
      await t.database.db.execute(sql`
        INSERT INTO receipt_resends (payment_id, requested_by, created_at)
        SELECT ${id}, 'admin', now() - interval '61 minutes' FROM generate_series(1, 3)`);
      expect((await adminResend(id)).status).toBe(202);
    });
  });

  describe('POST /api/payment/receipt/{code}/resend', () => {
    it('sends the receipt to the payment’s phone and e-mail, never to an address in the request', async () => {
      const { id, receiptCode } = await paidVote();
      const res = await voterResend(receiptCode.toLowerCase(), {
        json: { email: 'someone@else.example', phoneNumber: '237699999999' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body).toEqual({ sent: true, channels: ['sms', 'email'] });
      const recipients = (await outboxRows(id)).map((row) => row.recipient);
      expect(recipients.sort()).toEqual([
        '+237677123456',
        '+237677123456',
        'fan@example.com',
        'fan@example.com',
      ]);
      // A voter's resend is no admin action.
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(audit).toEqual([]);
    });

    it('sends by e-mail alone a card payment’s receipt', async () => {
      const { receiptCode } = await paidVote({ phone: null });
      expect((await voterResend(receiptCode)).body).toEqual({ sent: true, channels: ['email'] });
    });

    it('answers 404 as the receipt does for an unknown code, and 400 for a malformed one', async () => {
      const unknown = await voterResend('ZZZZZZZZZZZZ', { language: 'fr' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Aucun reçu ne porte ce code. Vérifiez-le et réessayez.');
      expect((await voterResend('not-a-code!')).status).toBe(400);
    });

    it('allows three an hour per receipt, then a 429 in the voter’s language', async () => {
      const { receiptCode } = await paidVote();
      for (let i = 0; i < 3; i++) expect((await voterResend(receiptCode)).status).toBe(202);
      const en = await voterResend(receiptCode);
      expect(en.status).toBe(429);
      expect(en.body.message).toMatch(
        /^This receipt was sent again several times in the last hour/,
      );
      expect(en.headers['retry-after']).toBeDefined();
      const fr = await voterResend(receiptCode, { language: 'fr' });
      expect(fr.status).toBe(429);
      expect(fr.body.message).toMatch(/^Ce reçu a déjà été renvoyé plusieurs fois/);
    });

    it('limits the requests from one address, whatever the receipts', async () => {
      const from = { remoteAddress: '127.3.0.1', method: 'POST' as const };
      for (let i = 0; i < LOOKUPS_PER_MINUTE; i++) {
        const { receiptCode } = await paidVote();
        const res = await call(t.app, {
          ...from,
          url: `/api/payment/receipt/${receiptCode}/resend`,
        });
        expect(res.status).toBe(202);
      }
      const { receiptCode } = await paidVote();
      const res = await call<{ message: string }>(t.app, {
        ...from,
        url: `/api/payment/receipt/${receiptCode}/resend`,
        headers: { 'accept-language': 'fr' },
      });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/^Trop de demandes/);
    });
  });

  describe('SMS turned off by the organiser', () => {
    async function turnSms(on: boolean) {
      const current = (await call<PublicEvent>(t.app, { url: '/api/event' })).body;
      const res = await call<PublicEvent>(t.app, {
        method: 'PUT',
        url: '/api/admin/event',
        headers: admin,
        json: {
          name: current.name,
          nameFr: current.nameFr,
          timezone: current.timezone,
          votingOpensAt: current.votingOpensAt,
          votingClosesAt: current.votingClosesAt,
          resultsVisibility: current.resultsVisibility,
          hideCountsHoursBeforeClose: current.hideCountsHoursBeforeClose,
          smsReceipts: on,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.smsReceipts).toBe(on);
    }

    it('is on by default and kept when a settings change leaves it out', async () => {
      expect((await call<PublicEvent>(t.app, { url: '/api/event' })).body.smsReceipts).toBe(true);
      await turnSms(false);
      const res = await call<PublicEvent>(t.app, {
        method: 'PUT',
        url: '/api/admin/event',
        headers: admin,
        json: {
          name: 'Palmarès',
          nameFr: null,
          timezone: 'Africa/Douala',
          votingOpensAt: null,
          votingClosesAt: null,
          resultsVisibility: 'live',
          hideCountsHoursBeforeClose: null,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.smsReceipts).toBe(false);
    });

    it('writes no SMS for a settlement, a refund or a resend; e-mail still goes', async () => {
      await turnSms(false);
      const { id, receiptCode, amount } = await paidVote();
      expect((await outboxRows(id)).map((row) => row.channel)).toEqual(['email']);
      expect((await voterResend(receiptCode)).body).toEqual({ sent: true, channels: ['email'] });
      const admins = await adminResend(id);
      expect(admins.body.messages.map((m) => m.channel)).toEqual(['email']);
      await revisePayment(t.app.ctx, id, { kind: 'refund', refundedAmount: amount }, 'admin');
      const rows = await outboxRows(id);
      expect(rows.map((row) => `${row.kind} ${row.channel}`).sort()).toEqual([
        'receipt email',
        'receipt email',
        'receipt email',
        'refund email',
      ]);
    });

    it('refuses with 409 the resend of a payment that has only a phone, and counts nothing', async () => {
      const { id, receiptCode } = await paidVote({ voterEmail: null });
      await turnSms(false);
      const res = await voterResend(receiptCode);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^This receipt cannot be sent/);
      expect((await adminResend(id)).status).toBe(409);
      const counted = await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM receipt_resends WHERE payment_id = $1',
        [id],
      );
      expect(counted[0]!.n).toBe(0);
      // Back on, the SMS goes again.
      await turnSms(true);
      expect((await voterResend(receiptCode)).body).toEqual({ sent: true, channels: ['sms'] });
    });
  });

  it('answers unknown payment ids generated at random with 404', async () => {
    expect((await adminResend(randomUUID())).status).toBe(404);
  });
});
