import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxMessages, payments } from '#server/db/schema.js';
import { hashPassword } from '#server/features/auth/password-hash.js';
import { SESSION_COOKIE } from '#server/http/route-schema.js';
import { createUser, setPasswordHash } from '#server/features/auth/users-store.js';
import { nominationVotes } from '#test/factories/catalog-factory.js';
import { setEvent } from '#test/factories/event-factory.js';
import { HEALTH_CHECK_INTERVAL_MS, startCluster, type Cluster } from '#test/support/cluster.js';
import { nomineeWith, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import { openSse } from '#test/support/sse-client.js';
import { parsePrometheusText } from '#test/support/prometheus-text.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';

/*
 * Two instances of the built app behind HAProxy, sharing PostgreSQL and Redis, all on loopback:
 * what one instance does, the other sees. Requests go to an instance directly (by its own port)
 * when the test must know which one answers, through HAProxy otherwise. The tests run in order:
 * the last one kills an instance.
 */

const SETTLE_DELAY_MS = 2000;
const METRICS_TOKEN = 'cluster-test-metrics-token-0123456789';
/** GET /api/login's limit per client address per minute (features/auth/routes.ts). */
const SIGN_IN_PAGE_LIMIT = 60;

describePostgres('several instances behind HAProxy', () => {
  let database: TestDatabase;
  let cluster: Cluster;
  let nominee: Awaited<ReturnType<typeof nomineeWith>>;
  const admin = { email: `admin-${randomUUID()}@example.com`, password: `pw-${randomUUID()}` };

  /** Each check comes from an address of its own, so no rate limit carries from one to the next. */
  let addressCount = 0;
  const newAddress = () => `198.51.100.${++addressCount}`;

  const app = (i: number) => cluster.instances[i]!;
  /** What went wrong, with every process's output, for an expectation's message. */
  const logs = () => cluster.logs();

  async function post(base: string, path: string, body: unknown, headers: Record<string, string>) {
    const json: Record<string, string> =
      body === undefined ? {} : { 'content-type': 'application/json' };
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...json, origin: cluster.url, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function pay(base: string, phoneNumber: string, votes: number[], address: string) {
    const res = await post(
      base,
      '/api/campay-payment',
      { phoneNumber, nominationVotes: split(nominee, votes) },
      { 'x-forwarded-for': address },
    );
    expect(res.status, `${await res.clone().text()}\n${logs()}`).toBe(200);
    return ((await res.json()) as { paymentId: string }).paymentId;
  }

  async function completedCount(): Promise<number> {
    const rows = await database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.status, 'completed'));
    return rows.length;
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    nominee = await nomineeWith(database.db, 2);
    const user = await createUser(database.db, { email: admin.email, isAdmin: true });
    await setPasswordHash(database.db, user.id, await hashPassword(admin.password));
    cluster = await startCluster({
      databaseUrl: database.url!,
      env: {
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        SANDBOX_SETTLE_DELAY_MS: String(SETTLE_DELAY_MS),
        RECONCILE_INTERVAL_SECONDS: '1',
        INTEGRITY_CHECK_INTERVAL_SECONDS: '1',
        PAYMENT_POLL_INTERVAL_MS: '200',
        METRICS_TOKEN,
      },
    });
  }, 60_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.destroy();
  }, 30_000);

  it('serves through HAProxy, the instances sharing Redis', async () => {
    const res = await fetch(`${cluster.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ database: 'ok', redis: 'ok', rateLimits: 'redis' });
  });

  it('a session made through HAProxy is valid on each instance', async () => {
    const res = await post(cluster.url, '/api/login', admin, {
      accept: 'application/json',
      'x-forwarded-for': newAddress(),
    });
    expect(res.status, logs()).toBe(200);
    const session = res.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';')[0];
    expect(session).toBeDefined();
    for (const instance of cluster.instances) {
      const audit = await fetch(`${instance.url}/api/admin/audit-log`, {
        headers: { cookie: session! },
      });
      expect(audit.status, instance.name).toBe(200);
      const anonymous = await fetch(`${instance.url}/api/admin/audit-log`);
      expect(anonymous.status, instance.name).toBe(401);
    }
  });

  it('each periodic job runs once per tick across the instances, the other skipping it', async () => {
    /** Ticks of `job` by outcome, summed over the instances. */
    const ticks = async (job: string) => {
      const totals = { ok: 0, skipped: 0, failed: 0 };
      for (const instance of cluster.instances) {
        const res = await fetch(`${instance.url}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        const metrics = parsePrometheusText(await res.text());
        for (const outcome of ['ok', 'skipped', 'failed'] as const) {
          totals[outcome] += metrics.value('palmares_job_runs_total', { job, outcome }) ?? 0;
        }
      }
      return totals;
    };
    const jobs = ['reconcile', 'integrity check'];
    const before = await Promise.all(jobs.map(ticks));
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 4500));
    const after = await Promise.all(jobs.map(ticks));
    const seconds = (Date.now() - started) / 1000;
    jobs.forEach((job, i) => {
      const ran = after[i]!.ok - before[i]!.ok;
      const skipped = after[i]!.skipped - before[i]!.skipped;
      // One run a second at most (a claim needs 0.9 s since the last start), both timers ticking.
      expect(ran, job).toBeGreaterThanOrEqual(Math.floor(seconds) - 1);
      expect(ran, job).toBeLessThanOrEqual(Math.ceil(seconds / 0.9));
      expect(skipped, job).toBeGreaterThanOrEqual(Math.floor(seconds) - 1);
      expect(after[i]!.failed - before[i]!.failed, job).toBe(0);
    });
  });

  it('a rate limit counts across both instances', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_PAGE_LIMIT + 6; i++) {
      const res = await fetch(`${app(i % 2).url}/api/login`, {
        headers: { 'x-forwarded-for': address },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, SIGN_IN_PAGE_LIMIT)).toEqual(
      Array.from({ length: SIGN_IN_PAGE_LIMIT }, () => 200),
    );
    expect(statuses.slice(SIGN_IN_PAGE_LIMIT)).toEqual([429, 429, 429, 429, 429, 429]);
    // Another address is not held back by that one's count.
    const other = await fetch(`${app(0).url}/api/login`, {
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(other.status).toBe(200);
  });

  it('a payment settled on one instance reaches a live stream held on the other within 1 s', async () => {
    const stream = await openSse(`${app(1).url}/api/live`);
    try {
      expect(stream.status).toBe(200);
      await stream.next((message) => message.event === 'snapshot');
      const nominationId = nominee.nominations[0]!.id;
      const before = await nominationVotes(database.db, nominationId);
      const paymentId = await pay(app(0).url, '237677100001', [3], newAddress());
      const message = await stream.next(
        (m) => m.event === 'tallies' && m.data.includes(nominationId),
        SETTLE_DELAY_MS + 5000,
      );
      const received = Date.now();
      const [row] = await database.db
        .select({ status: payments.status, settledAt: payments.settledAt })
        .from(payments)
        .where(inArray(payments.id, [paymentId]));
      expect(row?.status).toBe('completed');
      expect(received - row!.settledAt!.getTime()).toBeLessThan(1000);
      expect(JSON.parse(message.data)).toMatchObject({
        type: 'tallies',
        tallies: expect.arrayContaining([{ id: nominationId, voteCount: before + 3 }]),
      });
    } finally {
      stream.close();
    }
  });

  it('results published on one instance show on the other', async () => {
    const login = await post(app(0).url, '/api/login', admin, {
      accept: 'application/json',
      'x-forwarded-for': newAddress(),
    });
    const session = login.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';')[0];
    const before = await fetch(`${app(1).url}/api/results`);
    expect(await before.json()).toEqual({ published: false });
    const published = await post(app(0).url, '/api/admin/event/publish-results', undefined, {
      cookie: session!,
    });
    expect(published.status, `${await published.clone().text()}\n${logs()}`).toBe(200);
    // The other instance hears of the change through Redis, a moment after the answer here.
    await expect
      .poll(
        async () => {
          const after = await fetch(`${app(1).url}/api/results`);
          return {
            status: after.status,
            published: ((await after.json()) as { published: boolean }).published,
          };
        },
        { timeout: 1000, interval: 20 },
      )
      .toEqual({ status: 200, published: true });

    // Publishing ends voting; the next test pays, so voting opens again as it was before.
    await setEvent(database.db, { resultsPublishedAt: null });
    for (const instance of [app(0), app(1)]) {
      await expect
        .poll(
          async () =>
            ((await (await fetch(`${instance.url}/api/event`)).json()) as { status: string })
              .status,
          { timeout: 15_000, interval: 100 },
        )
        .toBe('open');
    }
  });

  it('an instance killed under load loses no payment: the other settles them, HAProxy routes around it', async () => {
    const first = nominee.nominations[0]!.id;
    const second = nominee.nominations[1]!.id;
    const before = [
      await nominationVotes(database.db, first),
      await nominationVotes(database.db, second),
    ];
    const completedBefore = await completedCount();

    // Load through HAProxy all along: a one-vote payment every 50 ms, each from its own address.
    const load: { startedAt: number; status: number; paymentId?: string }[] = [];
    let loading = true;
    const loader = (async () => {
      for (let n = 0; loading; n++) {
        const startedAt = Date.now();
        const res = await post(
          cluster.url,
          '/api/campay-payment',
          {
            phoneNumber: `2376773${String(n).padStart(5, '0')}`,
            nominationVotes: split(nominee, [1]),
          },
          { 'x-forwarded-for': newAddress() },
        ).catch(() => undefined);
        const body = res?.ok ? ((await res.json()) as { paymentId: string }) : undefined;
        load.push({ startedAt, status: res?.status ?? 0, paymentId: body?.paymentId });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const address = newAddress();
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pay(app(1).url, `23767720000${i}`, [i + 1, 1], address)),
    );
    // Killed well before the sandbox's answer is due: its timers die with it.
    app(1).child.kill('SIGKILL');
    await app(1).exited;
    const killedAt = Date.now();

    // Two failed checks take it out of both backends (the live one tracks the app one's checks).
    const down = /Server app\/app2 is DOWN/;
    while (!down.test(cluster.haproxy.output()) && Date.now() - killedAt < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const downAt = Date.now();
    expect(cluster.haproxy.output()).toMatch(down);
    expect(downAt - killedAt).toBeLessThanOrEqual(HEALTH_CHECK_INTERVAL_MS * 4);
    const through = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${cluster.url}/api/event`).then((r) => r.status)),
    );
    expect(through).toEqual(Array.from({ length: 10 }, () => 200));
    // The load goes on until several payments have started since: a busy machine makes each one
    // slower, so this waits on their count, not on a fixed time (bounded, to fail rather than hang).
    const startedSinceDown = () => load.filter((entry) => entry.startedAt >= downAt).length;
    const loadDeadline = Date.now() + 15_000;
    while (startedSinceDown() < 5 && Date.now() < loadDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    loading = false;
    await loader;
    const afterDown = load.filter((entry) => entry.startedAt >= downAt);
    expect(afterDown.length).toBeGreaterThan(3);
    expect(afterDown.map((entry) => entry.status)).toEqual(afterDown.map(() => 200));

    // Every payment accepted, on the killed instance or through HAProxy, reaches its end, and so
    // does one a request cut off by the kill made without hearing back, once the provider had it
    // (the reconciler's next tick finds it). A request cut off after the payment was stored but
    // before the provider's answer was leaves a payment with no provider reference: that one waits
    // for the search of Campay's history, which the sandbox does not play, or for its expiry.
    const accepted = [...made, ...load.flatMap((entry) => entry.paymentId ?? [])];
    const deadline = Date.now() + 20_000;
    let rows: { id: string; status: string; settledAt: Date | null }[];
    const pendingPayments = () =>
      database.db
        .select({ id: payments.id, providerRef: payments.providerRef })
        .from(payments)
        .where(eq(payments.status, 'pending'));
    for (;;) {
      rows = await database.db
        .select({ id: payments.id, status: payments.status, settledAt: payments.settledAt })
        .from(payments)
        .where(inArray(payments.id, accepted));
      const stillPending = (await pendingPayments()).filter((p) => p.providerRef !== null);
      if (stillPending.length === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows.length).toBe(accepted.length);
    expect(
      rows.map((row) => row.status),
      logs(),
    ).toEqual(accepted.map(() => 'completed'));
    // Settled after the kill, so by the instance left: its reconciler asked the provider.
    for (const row of rows.filter((row) => made.includes(row.id))) {
      expect(row.settledAt!.getTime()).toBeGreaterThan(killedAt);
    }
    // A payment made by a request cut off by the kill settled too, and counts, unless the kill
    // came before the provider's answer: then it is the one request in flight on that instance
    // (the load is one request at a time), never one a voter was told was accepted.
    const pending = await pendingPayments();
    expect(
      pending.filter((p) => p.providerRef !== null || accepted.includes(p.id)),
      logs(),
    ).toEqual([]);
    expect(pending.length, logs()).toBeLessThanOrEqual(1);
    const loadCompleted = (await completedCount()) - completedBefore - made.length;
    expect(loadCompleted).toBeGreaterThanOrEqual(accepted.length - made.length);
    expect(await nominationVotes(database.db, first)).toBe(before[0]! + 21 + loadCompleted);
    expect(await nominationVotes(database.db, second)).toBe(before[1]! + 6);
    expect(await tallyMismatches(database.db)).toEqual([]);
    // Each of those payments wrote its receipt once, in its settling transaction, whichever
    // instance settled it: one SMS to the paying number, none lost with the killed instance.
    const receipts = await database.db
      .select({ paymentId: outboxMessages.paymentId, channel: outboxMessages.channel })
      .from(outboxMessages)
      .where(and(inArray(outboxMessages.paymentId, accepted), eq(outboxMessages.kind, 'receipt')));
    expect(
      receipts
        .filter((r) => r.channel === 'sms')
        .map((r) => r.paymentId)
        .sort(),
      logs(),
    ).toEqual([...accepted].sort());
  });
});
