import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows.js';
import { FakeOrangeSms } from '#test/fakes/fake-orange-sms.js';
import { outgoingMessage, sendRefusal } from '#test/support/outbox-test-kit.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';
import type { OrangeSmsSettings } from '#server/config.js';
import { OrangeSmsChannel } from './orange-sms-channel.js';
import { queueMessages } from './outbox-store.js';
import { OutboxWorker } from './outbox-worker.js';
import { SandboxChannel } from './sandbox-channel.js';

const NOTIFY = 'https://vote.example.com/api/webhooks/sms/orange?token=t0ken';

const sms = (recipient = '+237690112233') =>
  outgoingMessage({ recipient, language: 'fr', body: 'Recu Palmares ABC123: 4 votes' });

describe('Orange SMS channel', () => {
  let orange: FakeOrangeSms;
  let clock: number;
  const channel = (settings: Partial<OrangeSmsSettings> = {}) =>
    new OrangeSmsChannel(
      {
        baseUrl: orange.url,
        clientId: orange.clientId,
        clientSecret: orange.clientSecret,
        senderAddress: '+237690000000',
        senderName: 'Palmares',
        notifyUrl: NOTIFY,
        ...settings,
      },
      () => clock,
    );
  const signal = () => new AbortController().signal;

  beforeAll(async () => {
    orange = await new FakeOrangeSms().start();
  });
  afterAll(() => orange.stop());
  beforeEach(() => {
    clock = 1_000_000;
    orange.requests.length = 0;
    orange.calls.length = 0;
    orange.trouble.length = 0;
    orange.refusedNumbers.clear();
    orange.tokensIssued = 0;
    orange.tokenLifetimeSeconds = 3600;
    orange.acceptTokens = true;
    orange.expireTokens();
  });

  it('sends from the account’s number with our id as correlator and callback data', async () => {
    const message = sms();
    const sent = await channel().send(message, signal());
    const [taken] = orange.requests;
    expect(taken).toMatchObject({
      address: 'tel:+237690112233',
      senderAddress: 'tel:+237690000000',
      senderName: 'Palmares',
      message: message.body,
      clientCorrelator: message.id,
      notifyURL: NOTIFY,
      callbackData: message.id,
    });
    // The gateway's id is the last segment of the resourceURL.
    expect(sent).toEqual({ gatewayMessageId: taken!.requestId });
    expect(orange.calls.map((c) => c.path)).toEqual([
      '/oauth/v3/token',
      `/smsmessaging/v1/outbound/${encodeURIComponent('tel:+237690000000')}/requests`,
    ]);
  });

  it('asks for no delivery report, and no sender name, when none is configured', async () => {
    await channel({ notifyUrl: undefined, senderName: undefined }).send(sms(), signal());
    expect(orange.requests[0]).toMatchObject({
      notifyURL: undefined,
      callbackData: undefined,
      senderName: undefined,
    });
  });

  it('keeps its token until shortly before it ends, then asks for another', async () => {
    const gateway = channel();
    await Promise.all([gateway.send(sms(), signal()), gateway.send(sms(), signal())]);
    await gateway.send(sms(), signal());
    // Side by side or after, three sends shared one token.
    expect(orange.tokensIssued).toBe(1);
    clock += 3600_000 - 60_000 - 1;
    await gateway.send(sms(), signal());
    expect(orange.tokensIssued).toBe(1);
    clock += 1;
    await gateway.send(sms(), signal());
    expect(orange.tokensIssued).toBe(2);
  });

  it('takes a new token once when Orange refuses the one it has, and sends', async () => {
    const gateway = channel();
    await gateway.send(sms(), signal());
    orange.expireTokens();
    const message = sms();
    await gateway.send(message, signal());
    expect(orange.tokensIssued).toBe(2);
    expect(orange.sentFor(message.id)?.posted).toBe(1);
  });

  it('gives up for good when even a fresh token is refused, or the credentials are', async () => {
    orange.acceptTokens = false;
    const refused = await sendRefusal(channel().send(sms(), signal()));
    expect([refused.kind, refused.message]).toEqual([
      'permanent',
      'Orange send 401: Expired credentials',
    ]);
    // One fresh token was asked for, and that was all.
    expect(orange.tokensIssued).toBe(2);
    orange.acceptTokens = true;
    const wrong = channel({ clientSecret: 'not-the-secret' });
    const error = await sendRefusal(wrong.send(sms(), signal()));
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/Orange token 401: invalid_client Invalid credentials/);
  });

  it('reads a refused number as final, 429 and 503 as slow down, 500 as try again', async () => {
    const gateway = channel();
    orange.refusedNumbers.add('+237690999999');
    const refused = await sendRefusal(gateway.send(sms('+237690999999'), signal()));
    expect(refused.kind).toBe('permanent');
    expect(refused.message).toMatch(/Orange send 400: SVC0004 No valid addresses/);

    orange.retryAfterSeconds = 42;
    orange.trouble.push('rate-limit', 'busy', 'fail');
    for (const status of [429, 503]) {
      const slow = await sendRefusal(gateway.send(sms(), signal()));
      expect([slow.kind, slow.retryAfterMs, slow.message]).toEqual([
        'rate-limited',
        42_000,
        expect.stringContaining(`Orange send ${status}`),
      ]);
    }
    const failed = await sendRefusal(gateway.send(sms(), signal()));
    expect(failed.kind).toBe('retryable');
    expect(orange.requests).toHaveLength(0);
  });

  it('gives up a send Orange never answers when the signal aborts, as retryable', async () => {
    const gateway = channel();
    await gateway.send(sms(), signal());
    orange.trouble.push('hang');
    const abort = new AbortController();
    const arrived = orange.nextSend();
    const sending = gateway.send(sms(), abort.signal);
    await arrived;
    abort.abort();
    const error = await sendRefusal(sending);
    expect([error.kind, error.message]).toEqual(['retryable', 'Orange: no answer in time']);
  });

  it('reads a gateway it cannot reach as retryable', async () => {
    const error = await sendRefusal(
      channel({ baseUrl: 'http://127.0.0.1:9' }).send(sms(), signal()),
    );
    expect(error.kind).toBe('retryable');
  });
});

describeEachDatabase('Orange SMS through the outbox worker', (kind) => {
  let database: TestDatabase;
  let orange: FakeOrangeSms;
  let worker: OutboxWorker;

  beforeAll(async () => {
    [database, orange] = await Promise.all([createTestDatabase(kind), new FakeOrangeSms().start()]);
  });
  afterAll(async () => {
    await Promise.all([database.destroy(), orange.stop()]);
  });
  beforeEach(async () => {
    await database.db.execute(sql`DELETE FROM outbox_messages`);
    orange.requests.length = 0;
    orange.trouble.length = 0;
    worker = new OutboxWorker({
      db: database.db,
      channels: {
        email: new SandboxChannel('email'),
        sms: new OrangeSmsChannel({
          baseUrl: orange.url,
          clientId: orange.clientId,
          clientSecret: orange.clientSecret,
          senderAddress: '+237690000000',
          notifyUrl: NOTIFY,
        }),
      },
      log: pino({ level: 'silent' }),
      publicUrl: 'https://vote.example.com',
      intervalMs: 1000,
      sendTimeoutMs: 2000,
      retry: { baseDelayMs: 10_000, maxDelayMs: 600_000, maxAttempts: 3 },
      random: () => 1,
    });
  });
  afterEach(() => worker.close());

  const row = async () => {
    const [first] = rowsOf<{
      id: string;
      state: string;
      attempts: number;
      gateway_message_id: string | null;
      last_error: string | null;
      due_in: number;
    }>(
      await database.db.execute(sql`
        SELECT id, state, attempts, gateway_message_id, last_error,
          EXTRACT(EPOCH FROM next_attempt_at - now())::float AS due_in
        FROM outbox_messages`),
    );
    return first!;
  };
  const due = () =>
    database.db.execute(
      sql`UPDATE outbox_messages SET next_attempt_at = now() - interval '1 second'`,
    );
  const queue = () =>
    queueMessages(database.db, [
      { channel: 'sms', recipient: '+237690112233', language: 'en', kind: 'receipt', body: 'hi' },
    ]);

  it('retries after a 500, waits as Orange asks on 429, and records the request id', async () => {
    await queue();
    orange.retryAfterSeconds = 90;
    orange.trouble.push('fail', 'rate-limit');
    expect(await worker.deliverDue()).toMatchObject({ retried: 1 });
    expect(await row()).toMatchObject({ state: 'pending', attempts: 1 });
    await due();
    expect(await worker.deliverDue()).toMatchObject({ retried: 1 });
    const limited = await row();
    // The rate-limited attempt is not counted, and the wait is Orange's.
    expect(limited.attempts).toBe(1);
    expect(Math.round(limited.due_in)).toBe(90);
    await due();
    expect(await worker.deliverDue()).toMatchObject({ delivered: 1 });
    const sent = await row();
    expect(sent).toMatchObject({ state: 'sent', attempts: 2 });
    expect(sent.gateway_message_id).toBe(orange.sentFor(sent.id)?.requestId);
  });

  it('a message sent again after a lost answer is the same request to Orange', async () => {
    await queue();
    // Orange takes the message, but the worker never hears it (its lease ran out, say).
    const { id } = await row();
    await worker.deliverDue();
    await database.db.execute(sql`
      UPDATE outbox_messages SET state = 'pending', next_attempt_at = now() - interval '1 second'`);
    await worker.deliverDue();
    expect(orange.requests).toHaveLength(1);
    expect(orange.sentFor(id)?.posted).toBe(2);
    expect((await row()).gateway_message_id).toBe(orange.sentFor(id)?.requestId);
  });

  it('fails a number Orange refuses at once, with its words', async () => {
    orange.refusedNumbers.add('+237690112233');
    await queue();
    expect(await worker.deliverDue()).toMatchObject({ failed: 1 });
    expect(await row()).toMatchObject({
      state: 'failed',
      last_error: expect.stringMatching(/^orange: Orange send 400: SVC0004/),
    });
  });
});
