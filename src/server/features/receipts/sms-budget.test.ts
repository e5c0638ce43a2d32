import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxMessages, receiptLookupCodes } from '#server/db/schema.js';
import { rowsOf } from '#server/db/rows.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { call } from '#test/support/call-app.js';
import { parsePrometheusText } from '#test/support/prometheus-text.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import type { ReceiptLookupCodeResponse } from '#shared/schemas/receipt.js';
import type { ReceiptResendResponse } from '#shared/schemas/payment-messages.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';
type Refusal = { message: string };
let unique = 0;
let addressCount = 0;
const freshAddress = () => `10.8.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;
const randomPhone = () => `2376${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

function helpers(t: () => TestApp) {
  const db = () => t().database.db;
  const askCode = (contact: { email: string } | { phoneNumber: string }, language = 'en') =>
    call<ReceiptLookupCodeResponse & Refusal>(t().app, {
      method: 'POST',
      url: '/api/receipts/lookup/code',
      remoteAddress: freshAddress(),
      headers: { 'accept-language': language },
      json: contact,
    });
  const resend = (receiptCode: string, language = 'en') =>
    call<ReceiptResendResponse & Refusal>(t().app, {
      method: 'POST',
      url: `/api/payment/receipt/${receiptCode}/resend`,
      remoteAddress: freshAddress(),
      headers: { 'accept-language': language },
    });
  /** A completed mobile-money payment from a new phone, with an e-mail address or without. */
  async function paid(withEmail: boolean) {
    const { nominations } = await createNominee(db(), {});
    const phoneNumber = randomPhone();
    const voterEmail = withEmail ? `voter-${Date.now()}-${(unique += 1)}@example.com` : null;
    const payment = await createCompletedPayment(db(), {
      provider: 'campay',
      votes: [{ nominationId: nominations[0]!.id, voteCount: 1 }],
      payment: { voterEmail, phoneNumber, phoneHash: t().app.ctx.hashPhone(phoneNumber) },
    });
    return { phoneNumber, voterEmail, receiptCode: payment.receiptCode! };
  }
  const messagesTo = async (recipient: string) =>
    db()
      .select({ channel: outboxMessages.channel, kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient));
  const counts = async () => {
    const [row] = rowsOf<{ codes: number; messages: number }>(
      await db().execute(sql`SELECT (SELECT count(*)::int FROM ${receiptLookupCodes}) AS codes,
        (SELECT count(*)::int FROM ${outboxMessages}) AS messages`),
    );
    return row!;
  };
  const held = async (reason: string) => {
    const answer = await call<string>(t().app, {
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    return parsePrometheusText(answer.bytes.toString('utf8')).value('palmares_sms_held_total', {
      reason,
    });
  };
  return { db, askCode, resend, paid, messagesTo, counts, held };
}

describeEachDatabase('SMS per recipient per day', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      SMS_PER_RECIPIENT_PER_DAY: '4',
      RATE_LIMIT_LOOKUP_CODES_PER_RECIPIENT: '100',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000',
      LOOKUP_CODE_ANSWER_FLOOR_MS: '0',
      METRICS_TOKEN: TOKEN,
    });
  });
  afterAll(() => t.close());
  const h = helpers(() => t);

  it('counts codes and resends together, and refuses the next in the voter language, writing nothing', async () => {
    const { phoneNumber, receiptCode } = await h.paid(false);
    for (let i = 0; i < 2; i++) expect((await h.askCode({ phoneNumber })).status).toBe(202);
    for (let i = 0; i < 2; i++) expect((await h.resend(receiptCode)).status).toBe(202);
    expect(await h.messagesTo(`+${phoneNumber}`)).toHaveLength(4);

    const before = await h.counts();
    const code = await h.askCode({ phoneNumber }, 'fr');
    expect(code.status).toBe(429);
    expect(code.body.message).toBe(
      "Cette adresse e-mail ou ce numéro a reçu aujourd'hui autant de codes et de reçus que permis. Veuillez réessayer dans 24 heures, ou ouvrir un reçu avec son code.",
    );
    expect(Number(code.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const again = await h.resend(receiptCode);
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^This phone number was sent as many codes and receipts/);
    expect(await h.counts()).toEqual(before);
    expect(await h.held('recipient-day')).toBe(2);
  });

  it('caps a number nobody paid with as it caps a known one, so the cap tells nothing', async () => {
    const phoneNumber = randomPhone();
    for (let i = 0; i < 4; i++) expect((await h.askCode({ phoneNumber })).status).toBe(202);
    expect((await h.askCode({ phoneNumber })).status).toBe(429);
    expect(await h.messagesTo(`+${phoneNumber}`)).toEqual([]);
  });

  it("sends a resend past the number's cap by e-mail alone when the payment has one", async () => {
    const { phoneNumber, voterEmail, receiptCode } = await h.paid(true);
    for (let i = 0; i < 4; i++) expect((await h.askCode({ phoneNumber })).status).toBe(202);
    const answer = await h.resend(receiptCode);
    expect(answer.status).toBe(202);
    expect(answer.body.channels).toEqual(['email']);
    expect(await h.messagesTo(voterEmail!)).toEqual([{ channel: 'email', kind: 'receipt' }]);
  });
});

describeEachDatabase('the site-wide SMS budget per hour', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      SMS_BUDGET_PER_HOUR: '3',
      RATE_LIMIT_LOOKUP_CODES_PER_RECIPIENT: '100',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000',
      LOOKUP_CODE_ANSWER_FLOOR_MS: '0',
      METRICS_TOKEN: TOKEN,
    });
  });
  afterAll(() => t.close());
  const h = helpers(() => t);

  it('past the budget, sends codes and resends by e-mail only, and says so to every phone alike', async () => {
    const first = await h.paid(false);
    for (let i = 0; i < 3; i++) {
      const answer = await h.askCode({ phoneNumber: first.phoneNumber });
      expect(answer.body).toEqual({ sent: true, expiresInSeconds: 600 });
    }
    expect(await h.messagesTo(`+${first.phoneNumber}`)).toHaveLength(3);

    const withEmail = await h.paid(true);
    const unknown = randomPhone();
    for (const phoneNumber of [withEmail.phoneNumber, unknown, first.phoneNumber]) {
      const answer = await h.askCode({ phoneNumber });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ sent: true, expiresInSeconds: 600, smsPaused: true });
    }
    // The code went to the address the payment gave, and no SMS went anywhere.
    expect(await h.messagesTo(`+${withEmail.phoneNumber}`)).toEqual([]);
    expect(await h.messagesTo(withEmail.voterEmail!)).toEqual([
      { channel: 'email', kind: 'lookup-code' },
    ]);
    const [emailed] = await h
      .db()
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, withEmail.voterEmail!),
          eq(outboxMessages.kind, 'lookup-code'),
        ),
      );
    const code = /\b(\d{6})\b/.exec(emailed!.body)![1]!;
    const listed = await call(t.app, {
      method: 'POST',
      url: '/api/receipts/lookup',
      remoteAddress: freshAddress(),
      json: { phoneNumber: withEmail.phoneNumber, code },
    });
    expect(listed.status).toBe(200);
    expect(await h.messagesTo(`+${unknown}`)).toEqual([]);
    expect(await h.messagesTo(`+${first.phoneNumber}`)).toHaveLength(3);
    // An e-mail lookup is not an SMS: nothing to say.
    expect((await h.askCode({ email: withEmail.voterEmail! })).body).toEqual({
      sent: true,
      expiresInSeconds: 600,
    });

    // Resends: the e-mail alone, or a refusal in the voter language when there is none.
    const resent = await h.resend(withEmail.receiptCode);
    expect(resent.status).toBe(202);
    expect(resent.body.channels).toEqual(['email']);
    const before = await h.counts();
    const refused = await h.resend(first.receiptCode, 'fr');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Les reçus ne peuvent pas être envoyés par SMS/);
    expect(await h.counts()).toEqual(before);

    expect(await h.held('site-budget')).toBe(5);
    const metrics = parsePrometheusText(
      (
        await call<string>(t.app, {
          url: '/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).bytes.toString('utf8'),
    );
    expect(metrics.value('palmares_sms_last_hour')).toBe(3);
    expect(metrics.value('palmares_sms_budget_per_hour')).toBe(3);
  });
});
