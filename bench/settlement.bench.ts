import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import Stripe from 'stripe';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { openDatabase } from '#server/db/client.js';
import { runMigrations } from '#server/db/migrate.js';
import { createScratchDatabase } from '#test/support/postgres-server.js';

const PAYMENTS = Number(process.env.BENCH_SETTLE_PAYMENTS ?? 6000);
const CONCURRENCY = Number(process.env.BENCH_SETTLE_CONCURRENCY ?? 256);
const POOL = Number(process.env.BENCH_SETTLE_POOL ?? 16);
/** Share of payments whose event is delivered more than once (Stripe retries, replays). */
const DUPLICATE_SHARE = 0.3;
const WEBHOOK_SECRET = 'whsec_bench';

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** A pending card payment per intent, with 1 to 3 vote lines over an event of 30 artists x 4 categories. */
async function prepare(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO categories (edition_id, name)
       SELECT (SELECT id FROM editions WHERE is_current), 'Category ' || g FROM generate_series(1, 4) g`,
    );
    await client.query(
      `INSERT INTO artists (name) SELECT 'Artist ' || g FROM generate_series(1, 30) g`,
    );
    await client.query(`INSERT INTO nominations (artist_id, category_id, shareable_link)
      SELECT a.id, c.id, md5(a.id::text || c.id::text) FROM artists a CROSS JOIN categories c`);
    const { rows: nominations } = await client.query<{ id: string; artist_id: string }>(
      'SELECT id, artist_id FROM nominations ORDER BY artist_id, id',
    );
    const byArtist = new Map<string, string[]>();
    for (const n of nominations)
      byArtist.set(n.artist_id, [...(byArtist.get(n.artist_id) ?? []), n.id]);
    const artistNominations = [...byArtist.values()];

    const payments: { id: string; intentId: string; amount: number; votes: number }[] = [];
    const voteRows: [string, string, number][] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const id = randomUUID();
      const own = artistNominations[i % artistNominations.length]!;
      const lines = own
        .slice(0, 1 + (i % 3))
        .map((n, k) => [id, n, 1 + ((i + k) % 7)] as [string, string, number]);
      const votes = lines.reduce((s, l) => s + l[2], 0);
      voteRows.push(...lines);
      payments.push({
        id,
        intentId: `pi_bench_${id.replace(/-/g, '')}`,
        amount: votes * 50,
        votes,
      });
    }
    for (let start = 0; start < payments.length; start += 2000) {
      const chunk = payments.slice(start, start + 2000);
      await client.query(
        `INSERT INTO payments (id, edition_id, provider, provider_ref, unit_price, amount, currency, total_votes,
                               voter_email, attempted_at)
         SELECT u.id, (SELECT id FROM editions WHERE is_current), 'stripe', u.ref, 50, u.amount, 'USD', u.votes,
                'bench@example.com', now()
         FROM unnest($1::uuid[], $2::text[], $3::int[], $4::int[]) AS u(id, ref, amount, votes)`,
        [
          chunk.map((p) => p.id),
          chunk.map((p) => p.intentId),
          chunk.map((p) => p.amount),
          chunk.map((p) => p.votes),
        ],
      );
    }
    for (let start = 0; start < voteRows.length; start += 5000) {
      const chunk = voteRows.slice(start, start + 5000);
      await client.query(
        `INSERT INTO payment_votes (payment_id, nomination_id, vote_count)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[])`,
        [chunk.map((r) => r[0]), chunk.map((r) => r[1]), chunk.map((r) => r[2])],
      );
    }
    return payments;
  } finally {
    await client.end();
  }
}

/** Exactly what Stripe POSTs for a paid intent: the event, and its signature header. */
function succeededDelivery(payment: { id: string; intentId: string; amount: number }) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: payment.intentId,
        object: 'payment_intent',
        amount: payment.amount,
        amount_received: payment.amount,
        currency: 'usd',
        status: 'succeeded',
        metadata: { paymentId: payment.id },
        last_payment_error: null,
        cancellation_reason: null,
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, signature };
}

/** CPU seconds (user + system) a process has used, from /proc; 0 where /proc is unavailable. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the stat line, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function checks(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, number>>(`SELECT
      (SELECT count(*) FROM payments WHERE status = 'completed')::int AS completed,
      (SELECT count(*) FROM payment_events)::int AS transitions,
      (SELECT count(*) FROM (SELECT payment_id FROM payment_events GROUP BY payment_id HAVING count(*) > 1) d)::int AS doubled,
      (SELECT COALESCE(sum(vote_count), 0) FROM nominations)::int AS credited,
      (SELECT COALESCE(sum(total_votes), 0) FROM payments WHERE status = 'completed')::int AS paid,
      (SELECT COALESCE(sum(votes), 0) FROM nomination_hourly_votes)::int AS hourly,
      (SELECT COALESCE(sum(payments), 0) FROM provider_hourly_totals)::int AS provider_payments,
      (SELECT COALESCE(sum(votes), 0) FROM provider_hourly_totals)::int AS provider_votes`);
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/**
 * Settlement throughput on PostgreSQL: signed `payment_intent.succeeded` deliveries, a share of
 * them duplicated and all shuffled, POSTed concurrently to the real app's webhook route (Fastify
 * inject: routing, raw-body parsing, signature check, settle()). Target: >= 1000 payments/s.
 */
export async function run(): Promise<{ name: string; lines: string[] }> {
  const scratch = await createScratchDatabase('palmares_bench_settle');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: POOL });
  const lines: string[] = [];
  try {
    await runMigrations(database);
    const payments = await prepare(scratch.url);
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        RECONCILE_INTERVAL_SECONDS: '0',
        PHONE_HASH_KEY: 'bench',
        STRIPE_SECRET_KEY: 'sk_test_bench',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        // Never called: a webhook carries the intent's state.
        STRIPE_API_URL: 'http://127.0.0.1:9',
      }),
      database,
      logger: false,
    });
    await app.ready();

    const deliveries = payments.flatMap((p, i) => {
      const copies = i < payments.length * DUPLICATE_SHARE ? 2 + (i % 2) : 1;
      return Array.from({ length: copies }, () => succeededDelivery(p));
    });
    shuffle(deliveries);

    // Open every pooled connection now, so the PostgreSQL backends doing the work can be measured.
    await Promise.all(Array.from({ length: POOL }, () => database.query('SELECT pg_sleep(0.05)')));
    const backends = (
      await database.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
      )
    ).map((r) => r.pid);
    const pgCpuBefore = backends.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
    const nodeCpuBefore = process.cpuUsage();

    let next = 0;
    let failures = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < deliveries.length) {
          const delivery = deliveries[next++]!;
          const res = await app.inject({
            method: 'POST',
            url: '/api/webhooks/stripe',
            headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
            payload: delivery.payload,
          });
          if (res.statusCode !== 200) failures++;
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const nodeCpu = process.cpuUsage(nodeCpuBefore);
    const nodeSeconds = (nodeCpu.user + nodeCpu.system) / 1e6;
    const pgSeconds = backends.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0) - pgCpuBefore;
    const load = os.loadavg()[0]!;
    await app.close();

    const c = await checks(scratch.url);
    const ok =
      failures === 0 &&
      c.completed === payments.length &&
      c.transitions === payments.length &&
      c.doubled === 0 &&
      c.credited === c.paid &&
      c.hourly === c.paid &&
      c.provider_votes === c.paid &&
      c.provider_payments === payments.length;
    lines.push(
      `${payments.length} payments, ${deliveries.length} signed deliveries (${deliveries.length - payments.length} duplicates), concurrency ${CONCURRENCY}, pool ${POOL}`,
      `settled ${(payments.length / seconds).toFixed(0)} payments/s (${(deliveries.length / seconds).toFixed(0)} deliveries/s) in ${seconds.toFixed(2)} s   target >= 1000/s: ${payments.length / seconds >= 1000 ? 'met' : 'NOT met'}`,
      `CPU: app ${nodeSeconds.toFixed(1)} s + PostgreSQL backends ${pgSeconds.toFixed(1)} s = ${(((nodeSeconds + pgSeconds) * 1000) / payments.length).toFixed(2)} ms per payment, i.e. ~${((os.cpus().length * payments.length) / (nodeSeconds + pgSeconds)).toFixed(0)}/s if ${os.cpus().length} idle cores did only this (load average during the run: ${load.toFixed(1)})`,
      `count check: ${c.completed} completed, ${c.transitions} transitions, ${c.doubled} double credits, votes credited ${c.credited} = paid ${c.paid} = hourly ${c.hourly} = provider ${c.provider_votes}, non-200 ${failures}: ${ok ? 'OK' : 'FAILED'}`,
    );
    if (!ok) throw new Error(`settlement count check failed:\n${lines.join('\n')}`);
    return { name: 'Settlement throughput (Stripe webhooks, PostgreSQL)', lines };
  } finally {
    await database.close();
    // pg's pool.end() resolves before its sockets are closed; dropping (WITH FORCE) at once
    // would kill them mid-close and crash the process with an unhandled pool error.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await scratch.drop();
  }
}
