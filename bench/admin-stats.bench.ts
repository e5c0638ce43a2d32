import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '#server/db/client.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import { adminCookie } from './support/admin-session.js';
import { createLargeEvent } from './support/large-event.js';
import { latency } from './support/latency.js';
import { startProcess, benchServerEnv } from './support/server-process.js';

const PAYMENT_VOTES = Number(process.env.BENCH_ADMIN_PAYMENT_VOTES ?? 500_000);
const SETTLED_SAMPLE = 200;
const TARGET_P95_MS = 50;
const TARGETS = ['/api/stats', '/api/stats/period/week', '/api/analytics/category-rankings/all'];
const ALSO_MEASURED = [
  '/api/stats/period/today',
  '/api/stats/period/month',
  '/api/analytics/category-rankings/week',
  '/api/analytics/timeseries/month',
  '/api/admin/artists',
];

/**
 * Tallies must equal what the rows say. The bulk load derives them in SQL; the sample went
 * through settle(); this check proves the two agree, so the figures below are honest.
 */
async function checkTallies(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ drift: number; votes: number }>(`
      SELECT
        (SELECT count(*)::int FROM (
           SELECT provider, sum(total_votes) v, sum(amount) r, count(*) c FROM payments
           WHERE status = 'completed' GROUP BY provider
           EXCEPT
           SELECT provider, sum(votes), sum(revenue), sum(payments) FROM provider_hourly_totals GROUP BY provider
         ) d)
        + (SELECT count(*)::int FROM nominations n WHERE n.vote_count <> coalesce(
             (SELECT sum(pv.vote_count) FROM payment_votes pv JOIN payments p ON p.id = pv.payment_id
              WHERE pv.nomination_id = n.id AND p.status = 'completed'), 0))
        + (SELECT count(*)::int FROM nominations n WHERE n.vote_count <> coalesce(
             (SELECT sum(h.votes) FROM nomination_hourly_votes h WHERE h.nomination_id = n.id), 0)) AS drift,
        (SELECT count(*)::int FROM payment_votes) AS votes`);
    const [row] = rows;
    if (!row || row.drift !== 0)
      throw new Error(`tallies disagree with the payments (${row?.drift})`);
    return `${row.votes.toLocaleString('en')} completed payment_votes rows; tallies match the payments table`;
  } finally {
    await client.end();
  }
}

/** A sample of real settlements on top of the bulk load: exercises settle()'s own tally updates. */
async function settleSample(url: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    const nominations = await database.query<{ id: string }>(
      'SELECT id FROM nominations ORDER BY id LIMIT 50',
    );
    for (let i = 0; i < SETTLED_SAMPLE; i++) {
      await createCompletedPayment(database.db, {
        provider: i % 3 === 0 ? 'stripe' : 'campay',
        votes: [{ nominationId: nominations[i % nominations.length]!.id, voteCount: 1 + (i % 5) }],
        at: new Date(Date.now() - i * 3_600_000),
      });
    }
  } finally {
    await database.close();
  }
}

/**
 * Admin dashboard figures with 500 000 completed payment votes on PostgreSQL: p95 of GET
 * /api/stats, /api/stats/period/week and /api/analytics/category-rankings/all as a signed-in
 * admin, sequential like an organiser's browser (target <= 50 ms each), plus a few neighbours and
 * a 10-connection run for context.
 */
export async function run(): Promise<{ name: string; lines: string[] }> {
  if (!existsSync('dist/server/main.js')) throw new Error('build first: npm run build');
  const scratch = await createScratchDatabase('palmares_bench_admin');
  const port = 24100 + (process.pid % 1000);
  const base = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(scratch.url, port, {
    SESSION_PURGE_INTERVAL_SECONDS: '0',
  });
  const lines: string[] = [];
  try {
    // The app migrates on its first start; then the event is loaded in bulk with the server down.
    const migrate = await startProcess(['dist/server/main.js'], env, `${base}/readyz`);
    await migrate.stop();
    const started = Date.now();
    await createLargeEvent(scratch.url, {
      categories: 20,
      artists: 300,
      paymentVotes: PAYMENT_VOTES,
    });
    await settleSample(scratch.url);
    lines.push(
      `event loaded in ${((Date.now() - started) / 1000).toFixed(0)} s (bulk SQL + ${SETTLED_SAMPLE} payments through settle())`,
    );
    lines.push(await checkTallies(scratch.url));

    const server = await startProcess(['dist/server/main.js'], env, `${base}/readyz`);
    try {
      const cookie = await adminCookie(scratch.url, base);
      const init = { headers: { cookie } };
      // No database and no session: how loaded the machine is, for reading the figures below.
      const baseline = await latency(`${base}/healthz`, {}, 200);
      lines.push(
        `baseline GET /healthz`.padEnd(48) +
          `p50 ${baseline.p50.toFixed(1)} ms  p95 ${baseline.p95.toFixed(1)} ms`,
      );
      for (const path of [...TARGETS, ...ALSO_MEASURED]) {
        const m = await latency(`${base}${path}`, init, 200);
        const verdict = TARGETS.includes(path)
          ? `${m.p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL'} (<= ${TARGET_P95_MS} ms)`
          : '(context)';
        lines.push(
          `GET ${path}`.padEnd(48) +
            `p50 ${m.p50.toFixed(1)} ms  p95 ${m.p95.toFixed(1)} ms  ${verdict}`,
        );
      }
      const crowd = await autocannon({
        url: `${base}/api/stats`,
        headers: { cookie },
        connections: 10,
        duration: 5,
      });
      if (crowd.non2xx || crowd.errors) throw new Error('errors under load');
      lines.push(
        `GET /api/stats, 10 connections: ${crowd.requests.average.toFixed(0)} req/s, p99 ${crowd.latency.p99} ms`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
  return {
    name: `Admin dashboard with ${PAYMENT_VOTES.toLocaleString('en')} payment votes (PostgreSQL)`,
    lines,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await run();
  console.log(`== ${result.name}`);
  for (const line of result.lines) console.log(`   ${line}`);
}
