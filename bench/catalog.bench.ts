import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import { createLargeEvent } from './support/large-event.js';
import { startProcess, benchServerEnv } from './support/server-process.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** What every phone and desktop browser sends; the catalogue answers it with pre-compressed bytes. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

interface Measurement {
  rps: number;
  p99: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Measurement> {
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * This machine's speed drifts by 20% or more from one minute to the next (a shared VM), so one
 * baseline run followed by the targets compares the drift as much as the code. Each round measures
 * the baseline and then every target; a target's share is taken against its own round's baseline,
 * and the median over the rounds is what counts.
 */
async function interleaved(
  baselineUrl: string,
  targets: readonly (readonly [string, string, Record<string, string>])[],
) {
  const baselines: Measurement[] = [];
  const runs = targets.map(() => ({
    shares: [] as number[],
    rps: [] as number[],
    p99: [] as number[],
  }));
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = await measure(baselineUrl);
    baselines.push(baseline);
    for (const [index, [, url, headers]] of targets.entries()) {
      const m = await measure(url, headers);
      runs[index]!.shares.push((100 * m.rps) / baseline.rps);
      runs[index]!.rps.push(m.rps);
      runs[index]!.p99.push(m.p99);
    }
  }
  const baseline = {
    rps: median(baselines.map((b) => b.rps)),
    p99: median(baselines.map((b) => b.p99)),
  };
  return {
    baseline,
    results: runs.map((r) => ({
      rps: median(r.rps),
      p99: median(r.p99),
      share: median(r.shares),
      shares: r.shares,
    })),
  };
}

const row = (label: string, m: Measurement) =>
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
    const env = benchServerEnv(scratch.url, port);
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
      for (const [, url] of targets) await autocannon({ url, connections: 10, duration: 2 });
      await autocannon({ url: `${helloBase}/`, connections: 10, duration: 2 });
      // Each payload also goes out from bare Fastify, same bytes: the ceiling its size sets, since
      // the load generator shares this machine's 2 cores and decodes every body into a string.
      const browser = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
      const compressed = await interleaved(`${helloBase}/`, [
        ...targets.map(([label, url]) => [label, url, browser] as const),
        ...targets.map(([label], i) => [label, `${helloBase}/copy/${i}/br`, browser] as const),
      ]);
      lines.push(
        `autocannon -c 100 -p 1, ${ROUNDS} rounds of ${DURATION_S} s each: baseline, then each target; medians`,
      );
      lines.push(row('hello-world (baseline)', compressed.baseline));
      const report = (result: typeof compressed, index: number, label: string, target: boolean) => {
        const m = result.results[index]!;
        const ceiling = result.results[index + targets.length]!;
        const verdict = target ? ` (target >= 50%) ${m.share >= 50 ? 'PASS' : 'FAIL'}` : '';
        lines.push(
          `${row(label, m)}  ${m.share.toFixed(0)}% of baseline${verdict}  [rounds: ${m.shares.map((x) => x.toFixed(0)).join(' ')}]`,
        );
        lines.push(
          `${'  bare Fastify sending the same bytes'.padEnd(44)} ${ceiling.rps.toFixed(0).padStart(7)} req/s             ${ceiling.share.toFixed(0)}% of baseline (the ceiling)`,
        );
      };
      lines.push(`As browsers ask (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}):`);
      for (const [index, [label]] of targets.entries()) report(compressed, index, label, true);
      lines.push('Without Accept-Encoding (uncompressed):');
      const plain = await interleaved(`${helloBase}/`, [
        ...targets.map(([label, url]) => [label, url, {}] as const),
        ...targets.map(([label], i) => [label, `${helloBase}/copy/${i}/identity`, {}] as const),
      ]);
      for (const [index, [label]] of targets.entries()) report(plain, index, label, false);
    } finally {
      await app.stop();
      await hello.stop();
    }
  } finally {
    await scratch.drop();
  }
  return { name: 'Public catalogue throughput (PostgreSQL, large event)', lines };
}
