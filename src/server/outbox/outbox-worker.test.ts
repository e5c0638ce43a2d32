import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import type { MessageChannelKind, OutboxState } from '#shared/schemas/outbox.js';
import {
  createTestDatabase,
  describeEachDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import type { MessageChannels } from './channel-registry.js';
import {
  MessageSendError,
  type MessageChannel,
  type OutgoingMessage,
  type SentMessage,
} from './message-channel.js';
import { claimDueMessages, queueMessages, type NewOutboxMessage } from './outbox-store.js';
import { OutboxWorker, type OutboxWorkerOptions, type SendOutcome } from './outbox-worker.js';
import { retryDelayMs, type RetryPolicy } from './retry-schedule.js';
import { SandboxChannel } from './sandbox-channel.js';

const log = pino({ level: 'silent' });
const POLICY: RetryPolicy = { baseDelayMs: 10_000, maxDelayMs: 600_000, maxAttempts: 3 };

/** A gateway that records every send and answers as `answer` says. */
class FakeChannel implements MessageChannel {
  readonly name = 'fake';
  readonly sandbox = false;
  readonly sends: OutgoingMessage[] = [];
  answer: (message: OutgoingMessage, signal: AbortSignal) => Promise<SentMessage> = (message) =>
    Promise.resolve({
      gatewayMessageId: `gw-${message.id}`,
      cost: { amount: 25, currency: 'XAF' },
    });

  constructor(readonly kind: MessageChannelKind) {}

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<SentMessage> {
    this.sends.push(message);
    return this.answer(message, signal);
  }
}

const sms = (n: number): NewOutboxMessage => ({
  channel: 'sms',
  recipient: `+2376771${String(n).padStart(5, '0')}`,
  language: 'en',
  kind: 'receipt',
  body: `message ${n}`,
});

interface Row {
  id: string;
  state: OutboxState;
  attempts: number;
  last_error: string | null;
  gateway_message_id: string | null;
  cost_amount: number | null;
  sent_at: Date | string | null;
  /** Seconds from now to the next attempt. */
  due_in: number;
}

async function rows(db: Db): Promise<Row[]> {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT id, state, attempts, last_error, gateway_message_id, cost_amount, sent_at,
        EXTRACT(EPOCH FROM next_attempt_at - now())::float AS due_in
      FROM outbox_messages ORDER BY body`),
  );
}

/** As if `seconds` had passed for every message: due times and leases move back. */
const elapse = (db: Db, seconds: number) =>
  db.execute(sql`
    UPDATE outbox_messages SET next_attempt_at = next_attempt_at - make_interval(secs => ${seconds}),
      locked_until = locked_until - make_interval(secs => ${seconds})`);

function workerOn(
  db: Db,
  channels: MessageChannels,
  options: Partial<OutboxWorkerOptions> = {},
): OutboxWorker {
  return new OutboxWorker({
    db,
    channels,
    log,
    publicUrl: 'https://vote.example.com',
    intervalMs: 1000,
    sendTimeoutMs: 1000,
    retry: POLICY,
    random: () => 1,
    ...options,
  });
}

describe('retryDelayMs', () => {
  it('doubles from the base, stays under the cap, and jitters within the upper half', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(POLICY, n, () => 1))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
    expect(retryDelayMs(POLICY, 30, () => 1)).toBe(600_000);
    expect(retryDelayMs(POLICY, 1, () => 0)).toBe(5_000);
  });
});

describeEachDatabase('outbox worker', (kind) => {
  let database: TestDatabase;
  let sms_: FakeChannel;
  let email: FakeChannel;
  let worker: OutboxWorker;
  const heard: [MessageChannelKind, SendOutcome][] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.execute(sql`DELETE FROM outbox_messages`);
    sms_ = new FakeChannel('sms');
    email = new FakeChannel('email');
    heard.length = 0;
    worker = workerOn(
      database.db,
      { sms: sms_, email },
      { observer: { messageAttempted: (channel, outcome) => heard.push([channel, outcome]) } },
    );
  });
  afterEach(() => worker.close());

  it('sends each due message once and records the gateway’s id, cost and time', async () => {
    await queueMessages(database.db, [sms(1), sms(2)]);
    expect(await worker.deliverDue()).toEqual({
      attempted: 2,
      delivered: 2,
      retried: 0,
      failed: 0,
    });
    expect(await worker.deliverDue()).toMatchObject({ attempted: 0 });
    const [first] = await rows(database.db);
    expect(first).toMatchObject({
      state: 'sent',
      attempts: 1,
      gateway_message_id: `gw-${first!.id}`,
      cost_amount: 25,
    });
    expect(first!.sent_at).not.toBeNull();
    // The message id goes to the gateway, for it to recognise a repeat.
    expect(sms_.sends.map((m) => m.id).sort()).toEqual(
      (await rows(database.db)).map((r) => r.id).sort(),
    );
    expect(heard).toEqual([
      ['sms', 'sent'],
      ['sms', 'sent'],
    ]);
  });

  it('keeps a sandbox channel’s messages as `sandbox`', async () => {
    worker = workerOn(database.db, { sms: new SandboxChannel('sms'), email });
    await queueMessages(database.db, [sms(1)]);
    await worker.deliverDue();
    expect(await rows(database.db)).toEqual([expect.objectContaining({ state: 'sandbox' })]);
  });

  it('masks a lookup code once a gateway took its message or refused it for good; the sandbox keeps it', async () => {
    const codeMessage = (channel: MessageChannelKind, n: number): NewOutboxMessage => ({
      channel,
      recipient: channel === 'sms' ? `+23767700000${n}` : `voter${n}@example.com`,
      language: 'en',
      kind: 'lookup-code',
      subject: channel === 'email' ? 'Your Palmarès code: 123456' : null,
      body: `Your code is 123456. It expires in 10 min. (${n})`,
      html: channel === 'email' ? '<p><strong>123456</strong></p><p>10 minutes</p>' : null,
    });
    email.answer = () => Promise.reject(new MessageSendError('permanent', 'mailbox unknown'));
    await queueMessages(database.db, [codeMessage('sms', 1), codeMessage('email', 2), sms(3)]);
    await worker.deliverDue();
    // The gateway was given the code; what stays behind is masked.
    expect(sms_.sends[0]!.body).toContain('123456');
    const texts = async () =>
      rowsOf<{ state: OutboxState; subject: string | null; body: string; html: string | null }>(
        await database.db.execute(
          sql`SELECT state, subject, body, html FROM outbox_messages ORDER BY recipient`,
        ),
      );
    expect(await texts()).toEqual([
      {
        state: 'sent',
        subject: null,
        body: 'Your code is ••••••. It expires in 10 min. (1)',
        html: null,
      },
      // Other kinds are kept as they were sent.
      { state: 'sent', subject: null, body: 'message 3', html: null },
      {
        state: 'failed',
        subject: 'Your Palmarès code: ••••••',
        body: 'Your code is ••••••. It expires in 10 min. (2)',
        html: '<p><strong>••••••</strong></p><p>10 minutes</p>',
      },
    ]);

    await database.db.execute(sql`DELETE FROM outbox_messages`);
    worker = workerOn(database.db, { sms: new SandboxChannel('sms'), email });
    await queueMessages(database.db, [codeMessage('sms', 4)]);
    await worker.deliverDue();
    expect(await texts()).toEqual([
      expect.objectContaining({ state: 'sandbox', body: expect.stringContaining('123456') }),
    ]);
  });

  it('retries a failing gateway later and later, then fails the message after the last attempt', async () => {
    sms_.answer = () => Promise.reject(new Error('connection reset'));
    await queueMessages(database.db, [sms(1)]);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= POLICY.maxAttempts; attempt++) {
      await worker.deliverDue();
      const [row] = await rows(database.db);
      expect(row!.attempts).toBe(attempt);
      // Nothing is sent again before its time.
      expect(await worker.deliverDue()).toMatchObject({ attempted: 0 });
      waits.push(Math.round(row!.due_in));
      await elapse(database.db, row!.due_in + 1);
    }
    // 10 s, then 20 s (random() = 1: the whole wait); the third attempt was the last.
    expect(waits.slice(0, 2)).toEqual([10, 20]);
    expect(await rows(database.db)).toEqual([
      expect.objectContaining({
        state: 'failed',
        attempts: 3,
        last_error: 'fake: connection reset',
      }),
    ]);
    expect(sms_.sends).toHaveLength(3);
    expect(heard.map(([, outcome]) => outcome)).toEqual(['retry', 'retry', 'failed']);
  });

  it('fails a message the gateway refuses for good at once', async () => {
    sms_.answer = () => Promise.reject(new MessageSendError('permanent', 'unknown subscriber'));
    await queueMessages(database.db, [sms(1)]);
    expect(await worker.deliverDue()).toMatchObject({ failed: 1 });
    expect(await rows(database.db)).toEqual([
      expect.objectContaining({
        state: 'failed',
        attempts: 1,
        last_error: 'fake: unknown subscriber',
      }),
    ]);
  });

  it('abandons a send that hangs at the time limit, aborting it, and tries again later', async () => {
    let aborted = false;
    sms_.answer = (_message, signal) =>
      new Promise<SentMessage>(() => signal.addEventListener('abort', () => (aborted = true)));
    worker = workerOn(database.db, { sms: sms_, email }, { sendTimeoutMs: 20 });
    await queueMessages(database.db, [sms(1)]);
    expect(await worker.deliverDue()).toMatchObject({ retried: 1 });
    expect(aborted).toBe(true);
    expect(await rows(database.db)).toEqual([
      expect.objectContaining({
        state: 'pending',
        attempts: 1,
        last_error: 'fake: no answer within 20 ms',
      }),
    ]);
  });

  it('waits as long as a rate-limited gateway asks, without using up an attempt, and leaves that channel alone for the run', async () => {
    sms_.answer = () =>
      Promise.reject(new MessageSendError('rate-limited', 'slow down', { retryAfterMs: 120_000 }));
    worker = workerOn(
      database.db,
      { sms: sms_, email },
      {
        batchSize: 1,
        observer: { messageAttempted: (channel, outcome) => heard.push([channel, outcome]) },
      },
    );
    await queueMessages(database.db, [sms(1), sms(2), { ...sms(3), channel: 'email' }]);
    const counts = await worker.deliverDue();
    // One SMS was refused; the other waits for the next run; the e-mail went.
    expect(counts).toEqual({ attempted: 2, delivered: 1, retried: 1, failed: 0 });
    const [limited, untouched] = (await rows(database.db)).filter((r) => r.state === 'pending');
    expect(limited).toMatchObject({ attempts: 0, last_error: 'fake: slow down' });
    expect(limited!.due_in).toBeGreaterThan(110);
    expect(limited!.due_in).toBeLessThanOrEqual(120);
    expect(untouched).toMatchObject({ attempts: 0, last_error: null });
    expect(heard).toContainEqual(['sms', 'rate-limited']);
  });

  it('turns nothing on when its interval is 0: written() sends nothing', async () => {
    worker = workerOn(database.db, { sms: sms_, email }, { intervalMs: 0 });
    await queueMessages(database.db, [sms(1)]);
    worker.written();
    await worker.close();
    expect(sms_.sends).toEqual([]);
  });
});

describePostgres('outbox workers on two instances', () => {
  let database: TestDatabase;
  let other: Database;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    other = await openDatabase({ kind: 'postgres', url: database.url! });
  });
  afterAll(async () => {
    await other.close();
    await database.destroy();
  });
  beforeEach(() => database.db.execute(sql`DELETE FROM outbox_messages`));

  it('two workers racing over 200 messages send each exactly once', async () => {
    await queueMessages(
      database.db,
      Array.from({ length: 200 }, (_, n) => sms(n)),
    );
    const [a, b] = [new FakeChannel('sms'), new FakeChannel('sms')];
    // A little latency at the gateway, so the two workers' claims overlap.
    for (const channel of [a, b]) {
      const send = channel.answer;
      channel.answer = async (message, signal) => {
        await new Promise((resolve) => setImmediate(resolve));
        return send(message, signal);
      };
    }
    const email = new FakeChannel('email');
    const first = workerOn(database.db, { sms: a, email }, { batchSize: 7 });
    const second = workerOn(other.db, { sms: b, email }, { batchSize: 7 });
    const [countA, countB] = await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(countA.delivered + countB.delivered).toBe(200);
    expect(countA.delivered).toBeGreaterThan(0);
    expect(countB.delivered).toBeGreaterThan(0);
    const sent = [...a.sends, ...b.sends].map((m) => m.id);
    expect(new Set(sent).size).toBe(200);
    expect(sent).toHaveLength(200);
    const states = await rows(database.db);
    expect(states.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a worker that dies holding a message leaves it to another once its lease ends', async () => {
    await queueMessages(database.db, [sms(1)]);
    // The first instance claims it and dies before sending or recording anything.
    const [claimed] = await claimDueMessages(database.db, { limit: 10, leaseMs: 60_000 });
    expect(claimed).toBeDefined();
    const survivor = new FakeChannel('sms');
    const worker = workerOn(other.db, { sms: survivor, email: new FakeChannel('email') });
    // Leased: the other instance leaves it alone...
    expect(await worker.deliverDue()).toMatchObject({ attempted: 0 });
    await elapse(database.db, 61);
    // ...until the lease is over: then it sends it, under the same id.
    expect(await worker.deliverDue()).toMatchObject({ delivered: 1 });
    expect(survivor.sends.map((m) => m.id)).toEqual([claimed!.id]);
    expect(await rows(database.db)).toEqual([
      expect.objectContaining({ state: 'sent', attempts: 2 }),
    ]);
  });

  it('a worker that outlived its lease cannot overwrite what the next one recorded', async () => {
    await queueMessages(database.db, [sms(1)]);
    let release: () => void = () => undefined;
    const slow = new FakeChannel('sms');
    slow.answer = () =>
      new Promise((resolve) => {
        release = () => resolve({ gatewayMessageId: 'late' });
      });
    const stale = workerOn(
      database.db,
      { sms: slow, email: new FakeChannel('email') },
      { leaseMs: 60_000, sendTimeoutMs: 60_000 },
    );
    const running = stale.deliverDue();
    while (slow.sends.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await elapse(database.db, 61);
    const fresh = new FakeChannel('sms');
    await workerOn(other.db, { sms: fresh, email: new FakeChannel('email') }).deliverDue();
    release();
    await running;
    expect(await rows(database.db)).toEqual([
      expect.objectContaining({ state: 'sent', gateway_message_id: `gw-${fresh.sends[0]!.id}` }),
    ]);
  });
});
