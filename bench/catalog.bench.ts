import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchDatabase } from '../test/support/postgres-server.js';
import { createLargeEvent } from './support/large-event.js';
import { startProcess } from './support/server-process.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

/** What every phone and desktop browser sends; the catalogue answers it with pre-compressed bytes. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    headers,
    connections: 100,
    pipelining: 1,
    duration: DURATION_S,
  });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const row = (label: string, m: { rps: number; p99: number }) =>
  `${label.padEnd(44)} ${m.rps.toFixed(0).padStart(7)} req/s  p99 ${String(m.p99).padStart(3)} ms`;

/**
 * Public catalogue throughput on PostgreSQL with a large event (20 categories, 300 artists,
 * 500 000 completed payment votes) against a bare Fastify hello-world. Target: each >= 50%,
 * judged on requests as browsers make them; the uncompressed figures are printed beside them.
 */
export async function run(): Promise<{ name: string; lines: string[] }> {
  const scratch = await createScratchDatabase('palmares_bench');
  const port = 23100 + (process.pid % 1000);
  const lines: string[] = [];
  try {
    // The app migrates on start; stop it, fill the event in bulk, then start it fresh.
    const env = {
      DATABASE_URL: scratch.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RECONCILE_INTERVAL_SECONDS: '0',
      NODE_ENV: 'production',
      PHONE_HASH_KEY: 'bench',
    };
    const first = await startProcess(
      ['dist/server/main.js'],
      env,
      `http://127.0.0.1:${port}/readyz`,
    );
    await first.stop();
    const started = Date.now();
    await createLargeEvent(scratch.url, { categories: 20, artists: 300, paymentVotes: 500_000 });
    lines.push(`large event generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const { rows } = await client.query<{ id: string; nominees: number; votes: number }>(
      `SELECT c.id, count(n.id)::int nominees, (SELECT count(*)::int FROM payment_votes) votes
       FROM categories c JOIN nominations n ON n.category_id = c.id GROUP BY c.id ORDER BY nominees DESC LIMIT 1`,
    );
    await client.end();
    const category = rows[0]!;
    lines.push(
      `payment_votes: ${category.votes}; busiest category has ${category.nominees} nominees`,
    );

    const app = await startProcess(['dist/server/main.js'], env, `http://127.0.0.1:${port}/readyz`);
    const base = `http://127.0.0.1:${port}`;
    const targets = [
      ['GET /api/categories', `${base}/api/categories`],
      ['GET /api/nominations/category/{id}', `${base}/api/nominations/category/${category.id}`],
    ] as const;
    const helloBase = `http://127.0.0.1:${port + 1}`;
    const hello = await startProcess(
      [
        '--import',
        'tsx',
        'bench/support/hello-server.ts',
        String(port + 1),
        ...targets.map(([, url]) => url),
      ],
      {},
      `${helloBase}/`,
    );
    try {
      // Warm both up so neither pays for JIT or the first snapshot in the measured window.
      await autocannon({ url: `${base}/api/categories`, connections: 10, duration: 2 });
      await autocannon({ url: `${helloBase}/`, connections: 10, duration: 2 });
      const baseline = await measure(`${helloBase}/`);
      const share = (m: { rps: number }) => (100 * m.rps) / baseline.rps;
      lines.push(`autocannon -c 100 -p 1 -d ${DURATION_S}`);
      lines.push(row('hello-world (baseline)', baseline));
      lines.push(`As browsers ask (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}):`);
      for (const [label, url] of targets) {
        const m = await measure(url, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
        const pct = share(m);
        lines.push(
          `${row(label, m)}  ${pct.toFixed(0)}% of baseline (target >= 50%) ${pct >= 50 ? 'PASS' : 'FAIL'}`,
        );
      }
      // Uncompressed, the payload's size bounds the rate: the load generator shares this machine's
      // cores and reads every byte. Bare Fastify sending the same bytes shows that ceiling.
      lines.push(
        'Without Accept-Encoding (uncompressed), next to bare Fastify sending the same bytes:',
      );
      for (const [index, [label, url]] of targets.entries()) {
        const m = await measure(url);
        const ceiling = await measure(`${helloBase}/copy/${index}`);
        lines.push(
          `${row(label, m)}  ${share(m).toFixed(0)}% of baseline; bare Fastify ${ceiling.rps.toFixed(0)} req/s (${share(ceiling).toFixed(0)}%)`,
        );
      }
    } finally {
      await app.stop();
      await hello.stop();
    }
  } finally {
    await scratch.drop();
  }
  return { name: 'Public catalogue throughput (PostgreSQL, large event)', lines };
}
