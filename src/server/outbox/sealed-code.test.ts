import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '#server/db/schema.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { call } from '#test/support/call-app.js';
import { freePort } from '#test/support/free-port.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import type { MessageChannel, OutgoingMessage, SentMessage } from './message-channel.js';
import { OutboxWorker } from './outbox-worker.js';
import { createCodeSeal } from './sealed-code.js';

describe('a sealed lookup code', () => {
  const seal = createCodeSeal('k'.repeat(32));

  it('is letters and digits only, different each time, and opens to the code', () => {
    const one = seal.seal('042917');
    const two = seal.seal('042917');
    expect(one).toMatch(/^sealed[0-9a-f]{68}$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain('042917');
    expect(seal.open(`Your code is ${one}. It expires in 10 min.`)).toBe(
      'Your code is 042917. It expires in 10 min.',
    );
  });

  it('leaves a token another key sealed, or a broken one, as it is', () => {
    const foreign = createCodeSeal('z'.repeat(32)).seal('123456');
    expect(seal.open(foreign)).toBe(foreign);
    const broken = `${seal.seal('123456').slice(0, -2)}00`;
    expect(seal.open(broken)).toBe(broken);
  });
});

const KEY = 'sealed-code-test-key-0123456789abcdef';

/** A gateway that takes every message and keeps what it was handed. */
class RecordingChannel implements MessageChannel {
  readonly name = 'recording';
  readonly sandbox = false;
  readonly sends: OutgoingMessage[] = [];
  constructor(readonly kind: MessageChannelKind) {}
  send(message: OutgoingMessage): Promise<SentMessage> {
    this.sends.push(message);
    return Promise.resolve({ gatewayMessageId: `gw-${message.id}` });
  }
}

describeEachDatabase('lookup codes in the outbox with an SMS gateway', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      PHONE_HASH_KEY: KEY,
      SMS_GATEWAY: 'africastalking',
      AT_USERNAME: 'palmares',
      AT_API_KEY: 'at-key',
      // Nothing is delivered by the app here; its gateway's address is a closed loopback port.
      AT_BASE_URL: `http://127.0.0.1:${await freePort()}`,
      OUTBOX_INTERVAL_MS: '0',
      LOOKUP_CODE_ANSWER_FLOOR_MS: '0',
    });
  });
  afterAll(() => t.close());

  it('are sealed in the table, opened for the gateway, and masked once it took them', async () => {
    const db = t.database.db;
    const { nominations } = await createNominee(db, {});
    const phoneNumber = '237677442211';
    await createCompletedPayment(db, {
      provider: 'campay',
      votes: [{ nominationId: nominations[0]!.id, voteCount: 1 }],
      payment: { phoneNumber, phoneHash: t.app.ctx.hashPhone(phoneNumber) },
    });
    const asked = await call(t.app, {
      method: 'POST',
      url: '/api/receipts/lookup/code',
      json: { phoneNumber },
    });
    expect(asked.status).toBe(202);
    const where = and(
      eq(outboxMessages.recipient, `+${phoneNumber}`),
      eq(outboxMessages.kind, 'lookup-code'),
    );
    const [stored] = await db.select().from(outboxMessages).where(where);
    expect(stored!.body).not.toMatch(/\b\d{6}\b/);
    expect(stored!.body).toMatch(/sealed[0-9a-f]{68}/);

    // A worker as the app builds one, in front of a gateway that records what it is handed.
    const gateway = new RecordingChannel('sms');
    const worker = new OutboxWorker({
      db,
      channels: { sms: gateway, email: new RecordingChannel('email') },
      log: pino({ level: 'silent' }),
      publicUrl: 'http://127.0.0.1:5000',
      intervalMs: 1000,
      sendTimeoutMs: 1000,
      openSealed: createCodeSeal(KEY).open,
    });
    await worker.deliverDue();
    const code = /\b(\d{6})\b/.exec(gateway.sends[0]!.body)?.[1];
    expect(code).toBeDefined();
    expect(gateway.sends[0]!.body).not.toContain('sealed');
    const listed = await call(t.app, {
      method: 'POST',
      url: '/api/receipts/lookup',
      json: { phoneNumber, code },
    });
    expect(listed.status).toBe(200);

    const [done] = await db.select().from(outboxMessages).where(where);
    expect(done!.state).toBe('sent');
    expect(done!.body).toContain('••••••');
    expect(done!.body).not.toContain('sealed');
    await worker.close();
  });
});
