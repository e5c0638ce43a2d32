import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '#server/payments/settle.js';
import { publicLiveMessageSchema, type PublicLiveMessage } from '#shared/schemas/live.js';
import { createPendingPayment } from '#test/factories/payment-factory.js';
import { resetEvent, setEvent } from '#test/factories/event-factory.js';
import { nomineeWith, split } from '#test/support/payment-test-kit.js';
import { testRedis } from '#test/support/redis-server.js';
import { signIn } from '#test/support/sign-in.js';
import { openSse, type SseMessage, type SseStream } from '#test/support/sse-client.js';
import { createTestApp, startTestApp, type TestApp } from '#test/support/test-app.js';
import { createTestDatabase, describePostgres } from '#test/support/test-database.js';

const parse = (m: SseMessage): PublicLiveMessage =>
  publicLiveMessageSchema.parse(JSON.parse(m.data));

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/** A pending payment for `votes` votes on a new nominee's first nomination. */
async function pendingVotes(t: TestApp, votes: number) {
  const nominee = await nomineeWith(t.database.db, 1);
  const payment = await createPendingPayment(t.database.db, { votes: split(nominee, [votes]) });
  return { payment, nominationId: nominee.nominations[0]!.id };
}

const completeThrough = (
  app: FastifyInstance,
  payment: { id: string; amount: number; currency: string },
) =>
  settle(
    app.ctx,
    payment.id,
    { status: 'completed', amount: payment.amount, currency: payment.currency },
    'seed',
  );

const talliesOf = (id: string) => (m: SseMessage) =>
  m.event === 'tallies' &&
  parse(m).type === 'tallies' &&
  JSON.parse(m.data).tallies.some((t: { id: string }) => t.id === id);

describe('GET /api/live', () => {
  let t: TestApp;
  let base: string;
  const open: SseStream[] = [];
  const connect = async (headers?: Record<string, string>) => {
    const stream = await openSse(`${base}/api/live`, headers);
    open.push(stream);
    return stream;
  };
  beforeAll(async () => {
    t = await createTestApp('pglite', { LIVE_STREAMS_PER_ADDRESS: '3', LIVE_HEARTBEAT_MS: '200' });
    base = await listen(t.app);
  });
  afterEach(async () => {
    for (const stream of open.splice(0)) stream.close();
    await resetEvent(t.database.db);
    t.app.ctx.events.emit('event-changed');
  });
  afterAll(() => t.close());

  it("opens with a snapshot of every count, then sends a settled payment's new count", async () => {
    const { payment, nominationId } = await pendingVotes(t, 7);
    const stream = await connect();
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const snapshot = parse(await stream.next((m) => m.event === 'snapshot'));
    expect(snapshot).toMatchObject({
      type: 'snapshot',
      event: { status: 'open', countsVisible: true },
    });
    expect(snapshot.type === 'snapshot' && snapshot.tallies).toContainEqual({
      id: nominationId,
      voteCount: 0,
    });

    const settledAt = Date.now();
    await completeThrough(t.app, payment);
    const message = parse(await stream.next(talliesOf(nominationId), 2000));
    expect(Date.now() - settledAt).toBeLessThan(2000);
    expect(message).toEqual({ type: 'tallies', tallies: [{ id: nominationId, voteCount: 7 }] });
  });

  it('replays what a reconnecting client missed, and sends a snapshot to one it cannot place', async () => {
    const { payment, nominationId } = await pendingVotes(t, 3);
    const first = await connect();
    const snapshot = await first.next((m) => m.event === 'snapshot');
    first.close();
    await completeThrough(t.app, payment);
    // The catalogue and the stream have both taken the count in once this one sees it.
    const witness = await connect();
    await witness.next((m) => m.event === 'snapshot');
    await new Promise((r) => setTimeout(r, 300));

    const back = await connect({ 'last-event-id': snapshot.id! });
    const missed = await back.next(talliesOf(nominationId));
    expect(parse(missed)).toEqual({
      type: 'tallies',
      tallies: [{ id: nominationId, voteCount: 3 }],
    });
    expect(back.messages.some((m) => m.event === 'snapshot')).toBe(false);

    const stranger = await connect({ 'last-event-id': '00000000-1' });
    const fresh = parse(await stranger.next((m) => m.event === 'snapshot'));
    expect(fresh.type === 'snapshot' && fresh.tallies).toContainEqual({
      id: nominationId,
      voteCount: 3,
    });
  });

  it('sends no count while counts are hidden, and tells the streams when the event changes', async () => {
    const { payment, nominationId } = await pendingVotes(t, 2);
    await setEvent(t.database.db, { resultsVisibility: 'hidden' });
    t.app.ctx.events.emit('event-changed');
    const stream = await connect();
    const snapshot = parse(await stream.next((m) => m.event === 'snapshot'));
    expect(snapshot).toEqual({
      type: 'snapshot',
      event: { status: 'open', countsVisible: false, resultsPublishedAt: null },
    });
    await completeThrough(t.app, payment);
    await new Promise((r) => setTimeout(r, 500));
    expect(stream.messages.filter((m) => m.event === 'tallies')).toEqual([]);
    expect(stream.messages.map((m) => m.data).join('')).not.toContain(nominationId);

    await setEvent(t.database.db, { resultsPublishedAt: new Date() });
    t.app.ctx.events.emit('event-changed');
    const changed = parse(await stream.next((m) => m.event === 'event'));
    expect(changed).toMatchObject({ type: 'event', event: { countsVisible: true } });
  });

  it('keeps an idle stream alive with heartbeats', async () => {
    const stream = await connect();
    await expect(stream.next((m) => m.event === ':', 2000)).resolves.toBeTruthy();
  });

  it('refuses more streams from one address than allowed, with a message', async () => {
    await Promise.all([connect(), connect(), connect()]);
    const refused = await openSse(`${base}/api/live`, { 'accept-language': 'fr' });
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body())).toEqual({
      message: expect.stringMatching(/^Trop de connexions en direct/),
    });
    open[0]!.close();
    await expect
      .poll(async () => {
        const again = await openSse(`${base}/api/live`);
        again.close();
        return again.status;
      })
      .toBe(200);
  });
});

describe('GET /api/live from IPv6 clients', () => {
  let t: TestApp;
  let base: string;
  const open: SseStream[] = [];
  const from = async (address: string) => {
    const stream = await openSse(`${base}/api/live`, { 'x-forwarded-for': address });
    open.push(stream);
    return stream;
  };
  beforeAll(async () => {
    t = await createTestApp('pglite', { LIVE_STREAMS_PER_ADDRESS: '2', TRUST_PROXY: '127.0.0.1' });
    base = await listen(t.app);
  });
  afterAll(async () => {
    for (const stream of open.splice(0)) stream.close();
    await t.close();
  });

  it('counts the streams of one /64 together, so rotating addresses inside it gains nothing', async () => {
    expect((await from('2001:db8:1:2::a')).status).toBe(200);
    expect((await from('2001:db8:1:2:ffff:ffff:ffff:1')).status).toBe(200);
    expect((await from('2001:db8:1:2::c')).status).toBe(429);
    // The next /64 is someone else.
    expect((await from('2001:db8:1:3::a')).status).toBe(200);
  });
});

describe('GET /api/admin/live', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    const signedOut = await openSse(`${base}/api/admin/live`);
    expect(signedOut.status).toBe(401);
    const { cookie } = await signIn(t);
    const voter = await openSse(`${base}/api/admin/live`, { cookie });
    expect(voter.status).toBe(403);
  });

  it('tells an admin of each settled payment', async () => {
    const { cookie } = await signIn(t, { isAdmin: true });
    const stream = await openSse(`${base}/api/admin/live`, { cookie });
    try {
      expect(stream.status).toBe(200);
      await stream.next((m) => m.event === 'hello');
      const { payment } = await pendingVotes(t, 4);
      await completeThrough(t.app, payment);
      const message = await stream.next((m) => m.event === 'payment');
      expect(JSON.parse(message.data)).toEqual({
        type: 'payment',
        paymentId: payment.id,
        status: 'completed',
        provider: 'campay',
        amount: payment.amount,
        currency: 'XAF',
        votes: 4,
      });
    } finally {
      stream.close();
    }
  });

  it('replays the payments a reconnecting admin missed, and greets afresh one it cannot place', async () => {
    const { cookie } = await signIn(t, { isAdmin: true });
    const first = await openSse(`${base}/api/admin/live`, { cookie });
    const seen = await first.next((m) => m.event === 'hello');
    const before = await pendingVotes(t, 1);
    await completeThrough(t.app, before.payment);
    const last = await first.next((m) => m.event === 'payment');
    first.close();

    // Settled while no admin stream is open: the gap of a reconnect through a proxy.
    const missed = [await pendingVotes(t, 2), await pendingVotes(t, 3)];
    for (const { payment } of missed) await completeThrough(t.app, payment);

    const back = await openSse(`${base}/api/admin/live`, { cookie, 'last-event-id': last.id! });
    try {
      const hello = await back.next((m) => m.event === 'hello');
      expect(JSON.parse(hello.data)).toEqual({ type: 'hello', resumed: true });
      const replayed: SseMessage[] = [];
      for (let i = 0; i < 2; i++) {
        const message = await back.next(
          (m) => m.event === 'payment' && !replayed.some((r) => r.id === m.id),
        );
        replayed.push(message);
      }
      expect(replayed.map((m) => (JSON.parse(m.data) as { paymentId: string }).paymentId)).toEqual(
        missed.map(({ payment }) => payment.id),
      );
      // From the greeting's id too, the client is sent every payment after it.
      const fromHello = await openSse(`${base}/api/admin/live`, {
        cookie,
        'last-event-id': seen.id!,
      });
      await fromHello.next((m) => m.event === 'hello');
      const all: SseMessage[] = [];
      for (let i = 0; i < 3; i++) {
        all.push(
          await fromHello.next((m) => m.event === 'payment' && !all.some((r) => r.id === m.id)),
        );
      }
      fromHello.close();
    } finally {
      back.close();
    }

    const stranger = await openSse(`${base}/api/admin/live`, {
      cookie,
      'last-event-id': '00000000-1',
    });
    try {
      const hello = await stranger.next((m) => m.event === 'hello');
      expect(JSON.parse(hello.data)).toEqual({ type: 'hello' });
      // Nothing replayed: the first payment it gets is the next one settled.
      const next = await pendingVotes(t, 4);
      await completeThrough(t.app, next.payment);
      await stranger.next((m) => m.event === 'payment');
      const payments = stranger.messages.filter((m) => m.event === 'payment');
      expect(payments.map((m) => (JSON.parse(m.data) as { paymentId: string }).paymentId)).toEqual([
        next.payment.id,
      ]);
    } finally {
      stranger.close();
    }
  });
});

const REDIS_URL = await testRedis();

describePostgres('live counts across two instances sharing PostgreSQL and Redis', () => {
  it.skipIf(!REDIS_URL)(
    'a payment settled through one reaches a stream connected to the other within 2 s',
    async () => {
      const database = await createTestDatabase('postgres');
      const env = { REDIS_URL: REDIS_URL! };
      const [a, b] = await Promise.all([startTestApp(database, env), startTestApp(database, env)]);
      try {
        const t = { app: a, database, close: async () => {} };
        const { payment, nominationId } = await pendingVotes(t, 5);
        const stream = await openSse(`${await listen(b)}/api/live`);
        await stream.next((m) => m.event === 'snapshot');
        const settledAt = Date.now();
        await completeThrough(a, payment);
        const message = parse(await stream.next(talliesOf(nominationId), 2000));
        expect(Date.now() - settledAt).toBeLessThan(2000);
        expect(message).toEqual({ type: 'tallies', tallies: [{ id: nominationId, voteCount: 5 }] });
        stream.close();
      } finally {
        await Promise.all([a.close(), b.close()]);
        await database.destroy();
      }
    },
  );
});
