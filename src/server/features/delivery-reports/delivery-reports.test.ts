import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows.js';
import { queueMessages } from '#server/outbox/outbox-store.js';
import { settle } from '#server/payments/settle.js';
import { FakeAfricasTalking } from '#test/fakes/fake-africastalking.js';
import { FakeOrangeSms } from '#test/fakes/fake-orange-sms.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';

const ORANGE_TOKEN = 'orange-report-token-0123456789abcdef';
const AT_TOKEN = 'at-report-token-0123456789abcdef';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const AT_PATH = `/api/webhooks/sms/africastalking?token=${AT_TOKEN}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Row {
  id: string;
  state: string;
  gateway_message_id: string | null;
  delivery_status: string | null;
  delivery_detail: string | null;
  delivered_at: Date | string | null;
}

describeEachDatabase('SMS delivery reports', (kind) => {
  let orange: FakeOrangeSms;
  let at: FakeAfricasTalking;
  let t: TestApp;

  const rowOf = async (id: string) => {
    const [row] = rowsOf<Row>(
      await t.database.db.execute(sql`
        SELECT id, state, gateway_message_id, delivery_status, delivery_detail, delivered_at
        FROM outbox_messages WHERE id = ${id}`),
    );
    return row!;
  };
  /** An SMS the gateway took, known to it by `gatewayMessageId`. */
  const sentSms = async (gatewayMessageId: string) => {
    await queueMessages(t.database.db, [
      {
        channel: 'sms',
        recipient: '+237677123456',
        language: 'en',
        kind: 'receipt',
        body: gatewayMessageId,
      },
    ]);
    const [row] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        UPDATE outbox_messages SET state = 'sent', gateway_message_id = ${gatewayMessageId}, sent_at = now()
        WHERE body = ${gatewayMessageId} RETURNING id`),
    );
    return row!.id;
  };
  const orangeReport = (callbackData: string, deliveryStatus: string, token = ORANGE_TOKEN) =>
    call(t.app, {
      method: 'POST',
      url: `/api/webhooks/sms/orange?token=${token}`,
      json: {
        deliveryInfoNotification: {
          callbackData,
          deliveryInfo: { address: 'tel:+237677123456', deliveryStatus },
        },
      },
    });

  beforeAll(async () => {
    [orange, at] = await Promise.all([
      new FakeOrangeSms().start(),
      new FakeAfricasTalking().start(),
    ]);
    t = await createTestApp(kind, {
      SMS_GATEWAY: 'orange',
      ORANGE_SMS_BASE_URL: orange.url,
      ORANGE_SMS_CLIENT_ID: orange.clientId,
      ORANGE_SMS_CLIENT_SECRET: orange.clientSecret,
      ORANGE_SMS_SENDER_ADDRESS: '+237690000000',
      ORANGE_SMS_NOTIFY_TOKEN: ORANGE_TOKEN,
      // Reports about messages sent before a switch of gateway still land.
      AT_CALLBACK_TOKEN: AT_TOKEN,
      PUBLIC_URL: 'https://vote.example.com',
      METRICS_TOKEN,
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '3',
      // Long: a receipt that goes out at once went because the settlement nudged the worker.
      OUTBOX_INTERVAL_MS: '600000',
      SANDBOX_SETTLE_DELAY_MS: '600000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([orange?.stop(), at?.stop()]);
  });
  beforeEach(() => {
    orange.requests.length = 0;
  });

  it('a receipt goes to Orange asking for reports, which then mark it delivered', async () => {
    const category = await createCategory(t.database.db, { name: 'Song of the Year' });
    const nominee = await createNominee(t.database.db, { categoryIds: [category.id] });
    const started = await call(t.app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: {
        phoneNumber: '677123456',
        nominationVotes: [{ nominationId: nominee.nominations[0]!.id, voteCount: 2 }],
        totalVotes: 2,
      },
    });
    expect(started.status).toBe(200);
    await settle(
      t.app.ctx,
      started.body.paymentId as string,
      { status: 'completed', amount: 200, currency: 'XAF' },
      'callback',
    );
    // The settlement nudged the worker; this waits for that run.
    await t.app.ctx.outbox.deliverDue();
    const [request] = orange.requests;
    expect(request).toMatchObject({
      address: 'tel:+237677123456',
      notifyURL: `https://vote.example.com/api/webhooks/sms/orange?token=${ORANGE_TOKEN}`,
    });
    const id = request!.callbackData!;
    expect(await rowOf(id)).toMatchObject({
      state: 'sent',
      gateway_message_id: request!.requestId,
      delivery_status: null,
    });

    for (const [status, expected] of [
      ['DeliveredToNetwork', 'submitted'],
      ['DeliveredToTerminal', 'delivered'],
      // Late and out of order: nothing moves back.
      ['MessageWaiting', 'delivered'],
      ['DeliveryImpossible', 'delivered'],
    ] as const) {
      const report = orange.deliveryReport(request!, status);
      const answer = await call(t.app, { method: 'POST', url: report.url, json: report.body });
      expect(answer.status, status).toBe(200);
      expect(answer.body).toEqual({ received: true });
      expect((await rowOf(id)).delivery_status, status).toBe(expected);
    }
    const row = await rowOf(id);
    expect(row.delivery_detail).toBe('DeliveredToTerminal');
    expect(row.delivered_at).not.toBeNull();
  });

  it('Orange: records a final failure; answers 200 to what it cannot place', async () => {
    const id = await sentSms('orange-req-1');
    expect((await orangeReport(id, 'DeliveryImpossible')).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      delivery_status: 'undeliverable',
      delivery_detail: 'DeliveryImpossible',
      delivered_at: null,
    });
    // Another message's id, something that is no id, and a status we do not know: acknowledged.
    const other = await sentSms('orange-req-2');
    for (const answer of [
      await orangeReport('00000000-0000-4000-8000-000000000000', 'DeliveredToTerminal'),
      await orangeReport('not-ours', 'DeliveredToTerminal'),
      await orangeReport(other, 'SomethingNew'),
    ]) {
      expect(answer.status).toBe(200);
    }
    expect((await rowOf(other)).delivery_status).toBeNull();
  });

  it("Africa's Talking: reports by its messageId, form-encoded, with the failure's reason", async () => {
    const delivered = await sentSms('ATXid_delivered');
    const failed = await sentSms('ATXid_failed');
    const form = (id: string, status: string, failureReason?: string) =>
      new URLSearchParams({
        id,
        status,
        phoneNumber: '+237677123456',
        networkCode: '62401',
        ...(failureReason ? { failureReason } : {}),
      }).toString();
    for (const body of [
      form('ATXid_delivered', 'Sent'),
      form('ATXid_delivered', 'Success'),
      form('ATXid_delivered', 'Buffered'),
      form('ATXid_failed', 'Failed', 'UserInBlackList'),
      form('ATXid_nobody', 'Success'),
    ]) {
      const answer = await call(t.app, { method: 'POST', url: AT_PATH, headers: FORM, body });
      expect(answer.status, body).toBe(200);
    }
    expect(await rowOf(delivered)).toMatchObject({
      delivery_status: 'delivered',
      delivery_detail: 'Success',
    });
    expect(await rowOf(failed)).toMatchObject({
      delivery_status: 'undeliverable',
      delivery_detail: 'Failed: UserInBlackList',
    });
  });

  it('the fake’s own report reaches the message it sent', async () => {
    const id = await sentSms('placeholder');
    // As the Africa's Talking channel records it: the messageId the gateway gave back.
    const sms = {
      messageId: 'ATXid_from_fake',
      username: at.username,
      to: '+237677123456',
      message: 'x',
      from: undefined,
      idempotencyKey: id,
    };
    await t.database.db.execute(
      sql`UPDATE outbox_messages SET gateway_message_id = ${sms.messageId} WHERE id = ${id}`,
    );
    const answer = await call(t.app, {
      method: 'POST',
      url: AT_PATH,
      headers: FORM,
      body: at.deliveryReport(sms, 'Rejected', 'DeliveryFailure'),
    });
    expect(answer.status).toBe(200);
    expect((await rowOf(id)).delivery_detail).toBe('Rejected: DeliveryFailure');
  });

  it('refuses a missing or wrong token with 401 before reading the body, and a bad body with 400', async () => {
    const id = await sentSms('orange-req-3');
    for (const url of [
      '/api/webhooks/sms/orange',
      '/api/webhooks/sms/orange?token=',
      `/api/webhooks/sms/orange?token=${AT_TOKEN}`,
      `/api/webhooks/sms/africastalking?token=${ORANGE_TOKEN}`,
    ]) {
      const answer = await call(t.app, {
        method: 'POST',
        url,
        json: { nothing: 'useful' },
        remoteAddress: '203.0.113.1',
      });
      expect(answer.status, url).toBe(401);
      expect(answer.body.message).toBe('Invalid delivery report token');
    }
    const malformed = await call(t.app, {
      method: 'POST',
      url: `/api/webhooks/sms/orange?token=${ORANGE_TOKEN}`,
      json: { deliveryInfoNotification: { callbackData: id } },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^Invalid delivery report/);
    const noId = await call(t.app, {
      method: 'POST',
      url: AT_PATH,
      headers: FORM,
      body: 'status=Success',
    });
    expect(noId.status).toBe(400);
    expect((await rowOf(id)).delivery_status).toBeNull();
  });

  it('rate-limits guesses at the token, never the gateway that names it', async () => {
    const stranger = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const guess = await call(t.app, {
        method: 'POST',
        url: `/api/webhooks/sms/orange?token=guess${i}`,
        json: {},
        remoteAddress: stranger,
      });
      statuses.push(guess.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The gateway behind the same address (a shared egress, say) still gets through.
    for (let i = 0; i < 5; i++) {
      const report = await call(t.app, {
        method: 'POST',
        url: `/api/webhooks/sms/orange?token=${ORANGE_TOKEN}`,
        json: {
          deliveryInfoNotification: {
            callbackData: 'not-ours',
            deliveryInfo: { deliveryStatus: 'DeliveredToTerminal' },
          },
        },
        remoteAddress: stranger,
      });
      expect(report.status).toBe(200);
    }
  });

  it('counts reports by gateway, status and outcome', async () => {
    const metrics = await call(t.app, {
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = String(metrics.body);
    expect(text).toMatch(
      /palmares_sms_delivery_reports_total\{gateway="orange",status="delivered",outcome="recorded"\} [1-9]/,
    );
    expect(text).toMatch(
      /palmares_sms_delivery_reports_total\{gateway="africastalking",status="undeliverable",outcome="recorded"\} [1-9]/,
    );
    expect(text).toMatch(
      /palmares_sms_delivery_reports_total\{gateway="orange",status="unknown",outcome="unknown-status"\} [1-9]/,
    );
  });
});

describe('SMS delivery reports without their tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('answer 404: nobody was given a URL to post them to', async () => {
    for (const gateway of ['orange', 'africastalking']) {
      const answer = await call(t.app, {
        method: 'POST',
        url: `/api/webhooks/sms/${gateway}?token=anything`,
        json: {},
      });
      expect(answer.status, gateway).toBe(404);
    }
  });
});
