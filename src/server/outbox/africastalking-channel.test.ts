import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows.js';
import { FakeAfricasTalking } from '#test/fakes/fake-africastalking.js';
import { outgoingMessage, sendRefusal } from '#test/support/outbox-test-kit.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';
import type { AfricasTalkingSettings } from '#server/config.js';
import { AfricasTalkingChannel, parseCost } from './africastalking-channel.js';
import { queueMessages } from './outbox-store.js';
import { OutboxWorker } from './outbox-worker.js';
import { SandboxChannel } from './sandbox-channel.js';

const sms = (recipient = '+237677112233') => outgoingMessage({ recipient });

describe('parseCost', () => {
  it('reads the cost in the currency’s minor units, and nothing from what it cannot read', () => {
    expect(parseCost('XAF 25.0000')).toEqual({ amount: 25, currency: 'XAF' });
    expect(parseCost('KES 0.8000')).toEqual({ amount: 80, currency: 'KES' });
    for (const odd of [undefined, '0', 'XAF 0', 'XAF', '25 XAF', 'ZZZ 1.0', 'XAF -3']) {
      expect(parseCost(odd), odd).toBeUndefined();
    }
  });
});

describe("Africa's Talking channel", () => {
  let at: FakeAfricasTalking;
  const channel = (settings: Partial<AfricasTalkingSettings> = {}) =>
    new AfricasTalkingChannel({
      baseUrl: at.url,
      username: at.username,
      apiKey: at.apiKey,
      senderId: 'PALMARES',
      ...settings,
    });
  const signal = () => new AbortController().signal;

  beforeAll(async () => {
    at = await new FakeAfricasTalking().start();
  });
  afterAll(() => at.stop());
  beforeEach(() => {
    at.sent.length = 0;
    at.trouble.length = 0;
    at.refusedNumbers.clear();
  });

  it('sends one form per message and keeps their messageId and the cost in XAF', async () => {
    const message = sms();
    const sent = await channel().send(message, signal());
    expect(at.sent).toEqual([
      {
        messageId: sent.gatewayMessageId,
        username: 'palmares',
        to: '+237677112233',
        message: message.body,
        from: 'PALMARES',
        idempotencyKey: message.id,
      },
    ]);
    expect(sent).toEqual({
      gatewayMessageId: expect.stringMatching(/^ATXid_/),
      cost: { amount: 25, currency: 'XAF' },
    });
    await channel({ senderId: undefined }).send(sms(), signal());
    expect(at.sent[1]!.from).toBeUndefined();
  });

  it('reads refusals of the recipient as final and the gateway’s own trouble as retryable', async () => {
    const gateway = channel();
    at.refusedNumbers.add('+237677000000');
    const refused = await sendRefusal(gateway.send(sms('+237677000000'), signal()));
    expect([refused.kind, refused.message]).toEqual([
      'permanent',
      "Africa's Talking 403 InvalidPhoneNumber",
    ]);
    at.trouble.push('no-balance', 'gateway-error', 'fail');
    expect((await sendRefusal(gateway.send(sms(), signal()))).kind).toBe('permanent');
    const gatewayError = await sendRefusal(gateway.send(sms(), signal()));
    expect([gatewayError.kind, gatewayError.message]).toEqual([
      'retryable',
      "Africa's Talking 501 GatewayError",
    ]);
    expect((await sendRefusal(gateway.send(sms(), signal()))).kind).toBe('retryable');
    expect(at.sent).toHaveLength(0);
  });

  it('reads a key it refuses as final, and 429 as slow down for as long as it says', async () => {
    const wrongKey = await sendRefusal(channel({ apiKey: 'nope' }).send(sms(), signal()));
    expect([wrongKey.kind, wrongKey.message]).toEqual(['permanent', "Africa's Talking HTTP 401"]);
    at.trouble.push('rate-limit');
    const slow = await sendRefusal(channel().send(sms(), signal()));
    expect([slow.kind, slow.retryAfterMs]).toEqual(['rate-limited', 20_000]);
  });

  it('gives up when the signal aborts, and reads an unreachable gateway as retryable', async () => {
    at.trouble.push('hang');
    const abort = new AbortController();
    const arrived = at.nextSend();
    const sending = channel().send(sms(), abort.signal);
    await arrived;
    abort.abort();
    expect((await sendRefusal(sending)).kind).toBe('retryable');
    const away = await sendRefusal(
      channel({ baseUrl: 'http://127.0.0.1:9' }).send(sms(), signal()),
    );
    expect(away.kind).toBe('retryable');
  });
});

describeEachDatabase("Africa's Talking through the outbox worker", (kind) => {
  let database: TestDatabase;
  let at: FakeAfricasTalking;
  let worker: OutboxWorker;

  beforeAll(async () => {
    [database, at] = await Promise.all([
      createTestDatabase(kind),
      new FakeAfricasTalking().start(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([database.destroy(), at.stop()]);
  });
  beforeEach(async () => {
    await database.db.execute(sql`DELETE FROM outbox_messages`);
    at.sent.length = 0;
    at.trouble.length = 0;
    worker = new OutboxWorker({
      db: database.db,
      channels: {
        email: new SandboxChannel('email'),
        sms: new AfricasTalkingChannel({
          baseUrl: at.url,
          username: at.username,
          apiKey: at.apiKey,
        }),
      },
      log: pino({ level: 'silent' }),
      publicUrl: 'https://vote.example.com',
      intervalMs: 1000,
      // Short: the fake that never answers is given up at once.
      sendTimeoutMs: 200,
      retry: { baseDelayMs: 10_000, maxDelayMs: 600_000, maxAttempts: 3 },
      random: () => 1,
    });
  });
  afterEach(() => worker.close());

  it('retries a send left unanswered, then records messageId and cost', async () => {
    await queueMessages(database.db, [
      { channel: 'sms', recipient: '+237677112233', language: 'en', kind: 'receipt', body: 'hi' },
    ]);
    at.trouble.push('hang');
    expect(await worker.deliverDue()).toMatchObject({ retried: 1 });
    await database.db.execute(sql`UPDATE outbox_messages SET next_attempt_at = now()`);
    expect(await worker.deliverDue()).toMatchObject({ delivered: 1 });
    const [row] = rowsOf<{
      id: string;
      state: string;
      attempts: number;
      gateway_message_id: string;
      cost_amount: number;
      cost_currency: string;
    }>(
      await database.db.execute(sql`
        SELECT id, state, attempts, gateway_message_id, cost_amount, cost_currency
        FROM outbox_messages`),
    );
    expect(row).toMatchObject({
      state: 'sent',
      attempts: 2,
      gateway_message_id: at.sent[0]!.messageId,
      cost_amount: 25,
      cost_currency: 'XAF',
    });
    // The repeat carries the same key as the attempt that was never answered.
    expect(at.sent[0]!.idempotencyKey).toBe(row!.id);
  });
});
