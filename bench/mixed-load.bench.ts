import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import { createLargeEvent } from './support/large-event.js';
import {
  BROWSING,
  KINDS,
  MIX,
  mixedTraffic,
  type Kind,
  readMixTargets,
  type KindTally,
} from './support/mixed-traffic.js';
import { percentile } from './support/percentile.js';
import { cpuSecondsOf, rssMb } from './support/process-stats.js';
import { startProcess, benchServerEnv } from './support/server-process.js';
import { assertTalliesExact } from './support/tally-check.js';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 100);
/** The hello-world is measured for this long just before and just after the mix. */
const BASELINE_SECONDS = Number(process.env.BENCH_MIXED_BASELINE_SECONDS ?? 10);
/** The same mix sent to bare Fastify for this long, after the hello-world. */
const CEILING_SECONDS = Number(process.env.BENCH_MIXED_CEILING_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_MIXED_WARMUP_SECONDS ?? 5);
const SETTLE_DELAY_MS = Number(process.env.BENCH_MIXED_SETTLE_DELAY_MS ?? 6000);
/** The large event's completed votes; smaller for a quick local run. */
const PAYMENT_VOTES = Number(process.env.BENCH_MIXED_PAYMENT_VOTES ?? 500_000);

const SHARE_TARGET = 15;
const BROWSING_P50_TARGET_MS = 5;

function latencyRow(label: string, tally: KindTally, seconds: number) {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const at = (q: number) => percentile(sorted, q).toFixed(1).padStart(6);
  const errors = [...tally.non2xx.entries()].map(([status, n]) => `${n} x ${status}`).join(', ');
  return `${label.padEnd(18)} ${(sorted.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${at(0.5)}  p95 ${at(0.95)}  p99 ${at(0.99)} ms  errors ${errors || 0}`;
}

/** All browsing kinds' answers as one tally, latencies sorted. */
function browsingOf(tallies: ReadonlyMap<Kind, KindTally>): KindTally {
  const browsing: KindTally = { latencies: [], non2xx: new Map(), samples: new Map() };
  for (const kind of BROWSING) {
    const tally = tallies.get(kind)!;
    browsing.latencies.push(...tally.latencies);
    for (const [status, n] of tally.non2xx)
      browsing.non2xx.set(status, (browsing.non2xx.get(status) ?? 0) + n);
  }
  browsing.latencies.sort((a, b) => a - b);
  return browsing;
}

/** The main script's path, as the built index.html names it. */
async function mainScriptOf(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const src = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no module script');
  return src;
}

/** Waits until none of these payments is pending any more (the sandbox settles each after its delay). */
async function waitForSettlement(url: string, ids: string[], timeoutMs: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int n FROM payments WHERE id = ANY($1::uuid[]) GROUP BY status',
        [ids],
      );
      const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
      if (!by.pending || Date.now() > deadline) return by;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

/**
 * An event's last hour on PostgreSQL with the large event: CONNECTIONS connections for SECONDS,
 * 85% browsing, 10% status polls, 4% mobile-money payments the sandbox settles, 1% receipt
 * look-ups (shares in support/mixed-traffic.ts), against a bare Fastify hello-world measured with
 * the same client just before and just after, and against the same mix of answers sent by bare
 * Fastify from memory (the ceiling). Targets: total >= 15% of hello-world, browsing p50 <= 5 ms.
 * Ends by checking every tally against the completed payments, and fails if one differs.
 */
export async function run(): Promise<{ name: string; lines: string[] }> {
  const scratch = await createScratchDatabase('palmares_bench_mixed');
  const port = 26100 + (process.pid % 1000);
  const base = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  try {
    const env = benchServerEnv(scratch.url, port, {
      // Production turns the sandbox off; here it plays Campay, answering at once and settling
      // each payment after SANDBOX_SETTLE_DELAY_MS as Campay's callback would.
      PAYMENTS_SANDBOX: 'true',
      SANDBOX_SETTLE_DELAY_MS: String(SETTLE_DELAY_MS),
      // Raised for the bench: every connection comes from 127.0.0.1, where in the field these
      // payments come from thousands of addresses, each far below the 60 a minute allowed. The
      // limiter still counts every request, so its cost stays in the figures.
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000000',
    });
    const first = await startProcess(['dist/server/main.js'], env, `${base}/readyz`);
    await first.stop();
    const generated = Date.now();
    await createLargeEvent(scratch.url, {
      categories: 20,
      artists: 300,
      paymentVotes: PAYMENT_VOTES,
    });
    lines.push(`large event generated in ${((Date.now() - generated) / 1000).toFixed(1)} s`);

    const app = await startProcess(['dist/server/main.js'], env, `${base}/readyz`);
    let hello: Awaited<ReturnType<typeof startProcess>> | undefined;
    try {
      const targets = await readMixTargets(scratch.url, await mainScriptOf(base));
      // One answer of each kind, copied by the hello-world server at start-up (a payment
      // creation's answer is a few bytes like a status poll's, so it stands in for it).
      const samples: [Kind, string][] = [
        ['categories', '/api/categories'],
        ['nominees', `/api/nominations/category/${targets.categoryIds[0]}`],
        ['artist', `/api/artists/${targets.artistIds[0]}`],
        ['category page', `/category/${targets.categoryIds[0]}`],
        ['main script', targets.mainScript],
        ['status poll', `/api/payment/${targets.seededPaymentIds[0]}/status`],
        ['receipt look-up', `/api/payment/receipt/${targets.receiptCodes[0]}`],
      ];
      const helloBase = `http://127.0.0.1:${port + 1}`;
      const helloUrl = `${helloBase}/`;
      hello = await startProcess(
        [
          '--import',
          'tsx',
          'bench/support/hello-server.ts',
          String(port + 1),
          ...samples.map(([, path]) => `${base}${path}`),
        ],
        {},
        helloUrl,
      );
      const copies = new Map<Kind, string>(samples.map(([kind], i) => [kind, `/copy/${i}/br`]));
      copies.set('payment creation', copies.get('status poll')!);
      const measureHello = async () =>
        (await autocannon({ url: helloUrl, connections: CONNECTIONS, duration: BASELINE_SECONDS }))
          .requests.average;

      // Warm both up so neither pays for JIT or the first snapshot in the measured window.
      await autocannon({ url: helloUrl, connections: 10, duration: 2 });
      const warmup = mixedTraffic(targets, base);
      await autocannon({
        url: base,
        connections: 10,
        duration: WARMUP_SECONDS,
        requests: [warmup.request],
      });

      const helloBefore = await measureHello();
      const pid = app.child.pid!;
      const rssBefore = rssMb(pid);
      const cpuBefore = cpuSecondsOf(pid);
      const traffic = mixedTraffic(targets, base);
      const result = await autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [traffic.request],
      });
      const cores = (cpuSecondsOf(pid) - cpuBefore) / SECONDS;
      const rssAfter = rssMb(pid);
      const helloAfter = await measureHello();
      // The same mix from bare Fastify holding each answer's bytes in memory: no database, no
      // routing work, only the payloads over loopback to the same load generator. What the
      // answers' sizes and this machine allow at best.
      const ceilingTraffic = mixedTraffic(targets, helloBase, copies);
      const ceiling = (
        await autocannon({
          url: helloBase,
          connections: CONNECTIONS,
          duration: CEILING_SECONDS,
          requests: [ceilingTraffic.request],
        })
      ).requests.average;

      const baseline = (helloBefore + helloAfter) / 2;
      const rps = result.requests.average;
      const share = (100 * rps) / baseline;
      const browsing = browsingOf(traffic.tallies);
      const browsingP50 = percentile(browsing.latencies, 0.5);
      const ceilingBrowsingP50 = percentile(browsingOf(ceilingTraffic.tallies).latencies, 0.5);

      lines.push(
        `autocannon -c ${CONNECTIONS} -p 1, ${SECONDS} s of the mix (${KINDS.map((k) => `${k} ${MIX[k]}%`).join(', ')})`,
        `hello-world (baseline, ${BASELINE_SECONDS} s before and after): ${helloBefore.toFixed(0)} and ${helloAfter.toFixed(0)} req/s, mean ${baseline.toFixed(0)} req/s`,
        `mixed load: ${rps.toFixed(0)} req/s = ${share.toFixed(1)}% of hello-world (target >= ${SHARE_TARGET}%) ${share >= SHARE_TARGET ? 'PASS' : 'FAIL'}`,
        `bare Fastify sending the same mix of answers from memory (${CEILING_SECONDS} s): ${ceiling.toFixed(0)} req/s = ${((100 * ceiling) / baseline).toFixed(1)}% of hello-world (the ceiling), browsing p50 ${ceilingBrowsingP50.toFixed(1)} ms; the app reaches ${((100 * rps) / ceiling).toFixed(0)}% of it`,
        `browsing p50 ${browsingP50.toFixed(1)} ms (target <= ${BROWSING_P50_TARGET_MS} ms) ${browsingP50 <= BROWSING_P50_TARGET_MS ? 'PASS' : 'FAIL'}`,
        latencyRow('browsing (all)', browsing, SECONDS),
        ...KINDS.map((kind) => latencyRow(kind, traffic.tallies.get(kind)!, SECONDS)),
        ...KINDS.flatMap((kind) =>
          [...traffic.tallies.get(kind)!.samples].map(
            ([status, body]) => `  first ${status} of ${kind}: ${body}`,
          ),
        ),
        `connection errors ${result.errors}, timeouts ${result.timeouts}; server CPU ${cores.toFixed(2)} cores; server RSS ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB at the end`,
      );

      const ids = [...warmup.created, ...traffic.created];
      const states = await waitForSettlement(scratch.url, ids, SETTLE_DELAY_MS + 30_000);
      lines.push(
        `${ids.length} payments created (warm-up included): ${Object.entries(states)
          .map(([status, n]) => `${n} ${status}`)
          .join(', ')}`,
      );
      try {
        if (states.pending) throw new Error(`${states.pending} payments never settled`);
        lines.push(await assertTalliesExact(scratch.url));
      } catch (error) {
        throw new Error(`${lines.join('\n')}\n${(error as Error).message}`, { cause: error });
      }
    } finally {
      await app.stop();
      await hello?.stop();
    }
  } finally {
    await scratch.drop();
  }
  return { name: 'Mixed load of the last hour (PostgreSQL, large event)', lines };
}
