import autocannon from 'autocannon';
import { cpus } from 'node:os';
import pg from 'pg';
import { freePort } from '#test/support/free-port.js';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import { createLargeEvent } from './large-event.js';
import { StatementCosts } from './statement-costs.js';
import {
  BROWSING,
  KINDS,
  MIX,
  mixedTraffic,
  type Kind,
  onlyRequestType,
  readMixTargets,
  REQUEST_TYPES,
  type KindTally,
} from './mixed-traffic.js';
import { openLoop } from './open-loop.js';
import { percentile } from './percentile.js';
import { monotonicUs, profileSummary } from './profile-costs.js';
import { cpuSecondsOf, machineBusySeconds, postgresCpuSeconds, rssMb } from './process-stats.js';
import { startProcess, benchServerEnv } from './server-process.js';
import { assertTalliesExact } from './tally-check.js';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 100);
/** The hello-world is measured for this long just before and just after the mix. */
const BASELINE_SECONDS = Number(process.env.BENCH_MIXED_BASELINE_SECONDS ?? 10);
/** The same mix sent to bare Fastify for this long, after the hello-world. */
const CEILING_SECONDS = Number(process.env.BENCH_MIXED_CEILING_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_MIXED_WARMUP_SECONDS ?? 5);
const SETTLE_DELAY_MS = Number(process.env.BENCH_MIXED_SETTLE_DELAY_MS ?? 6000);
/** The open loop: this many requests a second offered at a steady pace, for this long. */
const OPEN_RATE = Number(process.env.BENCH_MIXED_RATE ?? 1000);
const OPEN_SECONDS = Number(process.env.BENCH_MIXED_OPEN_SECONDS ?? 30);
/** The large event's completed votes; smaller for a quick local run. */
const PAYMENT_VOTES = Number(process.env.BENCH_MIXED_PAYMENT_VOTES ?? 500_000);

/**
 * The targets, each judged on the median of three runs: the app's requests per second against
 * the ceiling measured in the same run; at OPEN_RATE offered in an open loop, browsing's p50 and
 * payment creation's p99; and no failed request at all.
 */
export const CEILING_RATIO_TARGET = 0.7;
export const BROWSING_P50_TARGET_MS = 5;
export const PAYMENT_P99_TARGET_MS = 200;
/** CPU per request of the mix: the app's about 4 times a bare Fastify answer's, and PostgreSQL's. */
export const APP_CPU_TARGET_US = 90;
export const POSTGRES_CPU_TARGET_US = 60;

/** Settings the app runs the mix with, whatever the topology. */
export const MIXED_LOAD_SETTINGS: Record<string, string> = {
  // Production turns the sandbox off; here it plays Campay, answering at once and settling each
  // payment after SANDBOX_SETTLE_DELAY_MS as Campay's callback would.
  PAYMENTS_SANDBOX: 'true',
  SANDBOX_SETTLE_DELAY_MS: String(SETTLE_DELAY_MS),
  // Raised for the bench: every connection comes from 127.0.0.1 (directly, or as HAProxy's
  // X-Forwarded-For), where in the field these payments come from thousands of addresses, each
  // far below the 60 a minute allowed. The limiter still counts every request, so its cost stays
  // in the figures.
  RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000000',
};

/** Node processes serving HTTP, measured while the load runs. */
export interface Served {
  /** The origin the load is sent to. */
  base: string;
  /** The processes doing the serving, by name, for their CPU and memory. */
  processes: { name: string; pid: number }[];
  stop(): Promise<void>;
}

/** How one bench file puts the app and its references on the machine. */
export interface MixedLoadTopology {
  name: string;
  /** Prefix of the scratch database's name. */
  database: string;
  /** Where the app's answers come from, in a few words ("the app", "2 instances behind HAProxy"). */
  appLabel: string;
  /** The same for the hello-world and the ceiling. */
  referenceLabel: string;
  /** The built app on this migrated, filled database, with `settings` over the bench defaults. */
  startApp(databaseUrl: string, settings: Record<string, string>): Promise<Served>;
  /**
   * Bare Fastify answering the hello-world at / and, at /copy/<i>/<encoding>, the bytes
   * `sampleUrls[i]` answered when it started (bench/support/hello-server.ts).
   */
  startReference(sampleUrls: string[]): Promise<Served>;
}

/** One bench/support/hello-server.ts on `port`, copying the answers of `sampleUrls`. */
export async function startHelloServer(port: number, sampleUrls: string[]) {
  return startProcess(
    ['--import', 'tsx', 'bench/support/hello-server.ts', String(port), ...sampleUrls],
    {},
    `http://127.0.0.1:${port}/`,
  );
}

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

/** Answers outside 2xx over every kind. */
const non2xxOf = (tallies: ReadonlyMap<Kind, KindTally>) =>
  [...tallies.values()].reduce(
    (sum, tally) => sum + [...tally.non2xx.values()].reduce((a, b) => a + b, 0),
    0,
  );

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
 * Runs `load` and says where the CPU went meanwhile: each serving process, PostgreSQL (every
 * process of it), this process (the load generator) and the machine as a whole. Also each one's
 * CPU per request answered, the figure that does not depend on who got the cores.
 */
async function withCpu<T extends { requests: { total: number } }>(
  served: Served,
  seconds: number,
  load: () => Promise<T>,
) {
  const before = served.processes.map(({ pid }) => cpuSecondsOf(pid));
  const postgresBefore = postgresCpuSeconds();
  const machineBefore = machineBusySeconds();
  const selfBefore = process.cpuUsage();
  const result = await load();
  const self = process.cpuUsage(selfBefore);
  const used = served.processes.map(({ pid }, i) => cpuSecondsOf(pid) - before[i]!);
  const postgres = postgresCpuSeconds() - postgresBefore;
  const parts = served.processes.map(({ name }, i) => `${name} ${(used[i]! / seconds).toFixed(2)}`);
  parts.push(`PostgreSQL ${(postgres / seconds).toFixed(2)}`);
  parts.push(`load generator ${((self.user + self.system) / 1e6 / seconds).toFixed(2)}`);
  const machine = (machineBusySeconds() - machineBefore) / seconds;
  const perRequest = (cpuSeconds: number) =>
    (cpuSeconds * 1e6) / Math.max(result.requests.total, 1);
  return {
    result,
    cpu: `${parts.join(', ')} cores; machine ${machine.toFixed(2)} of ${cpus().length} cores busy`,
    /** CPU µs per request: the serving processes together, and PostgreSQL. */
    servedUs: perRequest(used.reduce((sum, n) => sum + n, 0)),
    postgresUs: perRequest(postgres),
  };
}

const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Payment creation's p99 over a run's tallies, null when the run made none. */
function paymentP99Of(tallies: ReadonlyMap<Kind, KindTally>): number | null {
  const sorted = [...tallies.get('payment creation')!.latencies].sort((a, b) => a - b);
  return sorted.length ? percentile(sorted, 0.99) : null;
}

/**
 * A run's failed requests: answers outside 2xx and the load generator's own errors, which count
 * its timeouts too; with the line that says so against the target of none.
 */
function failuresOf(
  tallies: ReadonlyMap<Kind, KindTally>,
  generator: { errors: number; timeouts: number },
) {
  const non2xx = non2xxOf(tallies);
  const errors = non2xx + generator.errors;
  const line = `errors ${errors}: ${non2xx} non-2xx, ${generator.errors - generator.timeouts} connection errors, ${generator.timeouts} timeouts (target 0) ${pass(errors === 0)}`;
  return { errors, line };
}

/**
 * An event's last hour on PostgreSQL with the large event, served as `topology` says: the mix of
 * support/mixed-traffic.ts from CONNECTIONS connections for SECONDS, beside a hello-world measured
 * with the same client just before and just after, and beside the ceiling, the same mix of answers
 * sent from memory by bare Fastify set up like the app (one server, or two behind HAProxy). Prints
 * each target with PASS or FAIL; fails if a payment never settles or a tally differs.
 */
export async function runMixedLoad(
  topology: MixedLoadTopology,
): Promise<{ name: string; lines: string[] }> {
  const scratch = await createScratchDatabase(topology.database);
  const lines: string[] = [];
  const only = onlyRequestType();
  const profileDir = process.env.BENCH_PROFILE_DIR;
  try {
    // A first start migrates the empty database; the large event is then written straight in.
    const port = await freePort();
    const first = await startProcess(
      ['dist/server/main.js'],
      benchServerEnv(scratch.url, port, MIXED_LOAD_SETTINGS),
      `http://127.0.0.1:${port}/readyz`,
    );
    await first.stop();
    const generated = Date.now();
    await createLargeEvent(scratch.url, {
      categories: 20,
      artists: 300,
      paymentVotes: PAYMENT_VOTES,
    });
    lines.push(`large event generated in ${((Date.now() - generated) / 1000).toFixed(1)} s`);

    const app = await topology.startApp(scratch.url, MIXED_LOAD_SETTINGS);
    const base = app.base;
    let reference: Served | undefined;
    let mixWindow: { fromUs: number; toUs: number } | undefined;
    try {
      const targets = await readMixTargets(scratch.url, await mainScriptOf(base));
      // One answer of each kind, copied by the hello-world servers at start-up (a payment
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
      reference = await topology.startReference(samples.map(([, path]) => `${base}${path}`));
      const helloBase = reference.base;
      const helloUrl = `${helloBase}/`;
      const copies = new Map<Kind, string>(samples.map(([kind], i) => [kind, `/copy/${i}/br`]));
      copies.set('payment creation', copies.get('status poll')!);
      const measureHello = () =>
        withCpu(reference!, BASELINE_SECONDS, () =>
          autocannon({ url: helloUrl, connections: CONNECTIONS, duration: BASELINE_SECONDS }),
        );

      // Warm both up so neither pays for JIT or the first snapshot in the measured window.
      await autocannon({ url: helloUrl, connections: 10, duration: 2 });
      const warmup = mixedTraffic(targets, base, undefined, only);
      await autocannon({
        url: base,
        connections: 10,
        duration: WARMUP_SECONDS,
        requests: [warmup.request],
      });

      const helloBeforeRun = await measureHello();
      const rssBefore = app.processes.map(({ pid }) => rssMb(pid));
      const statements = new StatementCosts(scratch.url);
      await statements.start();
      const traffic = mixedTraffic(targets, base, undefined, only);
      const fromUs = monotonicUs();
      const mix = await withCpu(app, SECONDS, () =>
        autocannon({
          url: base,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [traffic.request],
        }),
      );
      mixWindow = { fromUs, toUs: monotonicUs() };
      const rssAfter = app.processes.map(({ pid }) => rssMb(pid));
      const costliest = await statements.top(5);
      const { result, cpu } = mix;
      const helloAfterRun = await measureHello();
      const helloBefore = helloBeforeRun.result.requests.average;
      const helloAfter = helloAfterRun.result.requests.average;
      // The same mix from bare Fastify holding each answer's bytes in memory: no database, no
      // routing work, only the payloads over loopback (and through the proxy, when the app has
      // one) to the same load generator. What the answers' sizes and this machine allow at best.
      const ceilingTraffic = mixedTraffic(targets, helloBase, copies, only);
      const ceilingRun = await withCpu(reference, CEILING_SECONDS, () =>
        autocannon({
          url: helloBase,
          connections: CONNECTIONS,
          duration: CEILING_SECONDS,
          requests: [ceilingTraffic.request],
        }),
      );

      // Voters arriving on their own: OPEN_RATE requests a second whatever the answers do, each
      // timed from the moment it was due.
      const steady = mixedTraffic(targets, base, undefined, only);
      const steadyRun = await withCpu(app, OPEN_SECONDS, () =>
        openLoop({
          origin: base,
          rate: OPEN_RATE,
          seconds: OPEN_SECONDS,
          connections: CONNECTIONS,
          next: steady.next,
          answered: steady.answered,
        }),
      );

      const { result: ceilingResult, cpu: ceilingCpu } = ceilingRun;
      const baseline = (helloBefore + helloAfter) / 2;
      const helloUs = (helloBeforeRun.servedUs + helloAfterRun.servedUs) / 2;
      const ceiling = ceilingResult.requests.average;
      const rps = result.requests.average;
      const ratio = rps / ceiling;
      const browsing = browsingOf(traffic.tallies);
      const paymentP99 = paymentP99Of(traffic.tallies);
      const failures = failuresOf(traffic.tallies, result);
      const ceilingErrors = failuresOf(ceilingTraffic.tallies, ceilingResult).errors;
      const steadyBrowsingP50 = percentile(browsingOf(steady.tallies).latencies, 0.5);
      const steadyPaymentP99 = paymentP99Of(steady.tallies);

      lines.push(
        `autocannon -c ${CONNECTIONS} -p 1, ${SECONDS} s of the mix (${KINDS.map((k) => `${k} ${MIX[k]}%`).join(', ')})${only ? `, only ${only} (${REQUEST_TYPES[only].join(', ')})` : ''} to ${topology.appLabel}`,
        `hello-world from ${topology.referenceLabel} (${BASELINE_SECONDS} s before and after): ${helloBefore.toFixed(0)} and ${helloAfter.toFixed(0)} req/s, mean ${baseline.toFixed(0)} req/s`,
        `ceiling: ${topology.referenceLabel} sending the same mix of answers from memory (${CEILING_SECONDS} s): ${ceiling.toFixed(0)} req/s, browsing p50 ${percentile(browsingOf(ceilingTraffic.tallies).latencies, 0.5).toFixed(1)} ms, errors ${ceilingErrors}`,
        `mixed load: ${rps.toFixed(0)} req/s = ${ratio.toFixed(2)} of the ceiling (target >= ${CEILING_RATIO_TARGET}) ${pass(ratio >= CEILING_RATIO_TARGET)}`,
        `CPU per request of the mix: ${topology.appLabel} ${mix.servedUs.toFixed(0)} µs (target <= ${APP_CPU_TARGET_US}) ${pass(mix.servedUs <= APP_CPU_TARGET_US)}, PostgreSQL ${mix.postgresUs.toFixed(0)} µs (target <= ${POSTGRES_CPU_TARGET_US}) ${pass(mix.postgresUs <= POSTGRES_CPU_TARGET_US)}`,
        `CPU per request, same run: hello-world ${helloUs.toFixed(0)} µs, ceiling (the mix's bytes from memory) ${ceilingRun.servedUs.toFixed(0)} µs, both from ${topology.referenceLabel}`,
        failures.line,
        `information: mixed load = ${((100 * rps) / baseline).toFixed(1)}% of hello-world; browsing p50 ${percentile(browsing.latencies, 0.5).toFixed(1)} ms${paymentP99 === null ? '' : `; payment creation p99 ${paymentP99.toFixed(1)} ms`} (every connection asking again as soon as it is answered)`,
        latencyRow('browsing (all)', browsing, SECONDS),
        ...KINDS.map((kind) => latencyRow(kind, traffic.tallies.get(kind)!, SECONDS)),
        ...KINDS.flatMap((kind) =>
          [...traffic.tallies.get(kind)!.samples].map(
            ([status, body]) => `  first ${status} of ${kind}: ${body}`,
          ),
        ),
        `open loop: ${OPEN_RATE} req/s offered at a steady pace for ${OPEN_SECONDS} s to ${topology.appLabel} (at most ${CONNECTIONS} connections), each answer timed from when it was due:`,
        `  browsing p50 ${steadyBrowsingP50.toFixed(1)} ms (target <= ${BROWSING_P50_TARGET_MS} ms) ${pass(steadyBrowsingP50 <= BROWSING_P50_TARGET_MS)}`,
        steadyPaymentP99 === null
          ? '  payment creation p99: none in this mix'
          : `  payment creation p99 ${steadyPaymentP99.toFixed(1)} ms (target <= ${PAYMENT_P99_TARGET_MS} ms) ${pass(steadyPaymentP99 <= PAYMENT_P99_TARGET_MS)}`,
        `  ${failuresOf(steady.tallies, steadyRun.result).line}`,
        `  CPU per request: ${topology.appLabel} ${steadyRun.servedUs.toFixed(0)} µs, PostgreSQL ${steadyRun.postgresUs.toFixed(0)} µs; ${steadyRun.cpu}`,
        `  the load generator sent its requests late by p99 ${steadyRun.result.sendLagP99Ms.toFixed(1)} ms, at worst ${steadyRun.result.sendLagMaxMs.toFixed(1)} ms`,
        ...KINDS.map((kind) => `  ${latencyRow(kind, steady.tallies.get(kind)!, OPEN_SECONDS)}`),
        ...costliest,
        `CPU during the mix: ${cpu}`,
        `CPU during the ceiling: ${ceilingCpu}`,
        `RSS: ${app.processes.map(({ name }, i) => `${name} ${rssBefore[i]!.toFixed(0)} MB before, ${rssAfter[i]!.toFixed(0)} MB at the end`).join('; ')}`,
      );

      const ids = [...warmup.created, ...traffic.created, ...steady.created];
      const states = await waitForSettlement(scratch.url, ids, SETTLE_DELAY_MS + 30_000);
      lines.push(
        `${ids.length} payments created (warm-up included): ${Object.entries(states)
          .map(([status, n]) => `${n} ${status}`)
          .join(', ')}`,
      );
      try {
        if (states.pending) throw new Error(`${states.pending} payments never settled`);
        lines.push(`${await assertTalliesExact(scratch.url)} PASS`);
      } catch (error) {
        throw new Error(`${lines.join('\n')}\n${(error as Error).message}`, { cause: error });
      }
    } finally {
      await app.stop();
      await reference?.stop();
    }
    // Each process writes its profile as it exits.
    if (profileDir && mixWindow)
      lines.push(...profileSummary(profileDir, app.processes, mixWindow));
  } finally {
    await scratch.drop();
  }
  return { name: topology.name, lines };
}
