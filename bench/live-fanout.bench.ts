import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { publicLiveMessageSchema } from '#shared/schemas/live.js';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import { openSse, type SseMessage, type SseStream } from '#test/support/sse-client.js';
import { createLargeEvent } from './support/large-event.js';
import { percentile } from './support/percentile.js';
import { rssMb } from './support/process-stats.js';
import { startProcess, benchServerEnv } from './support/server-process.js';
import { assertTalliesExact } from './support/tally-check.js';

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 2000);
/** Payments settled one after another, each timed on every stream. */
const SETTLEMENTS = Number(process.env.BENCH_LIVE_SETTLEMENTS ?? 5);
const SPACING_MS = Number(process.env.BENCH_LIVE_SPACING_MS ?? 2000);
/** Streams opened at once while connecting, so the listen backlog never overflows. */
const OPEN_BATCH = 100;
const WAIT_MS = 60_000;
const P95_TARGET_MS = 1000;
const TEST_CARD = '4242424242424242';
/** The hello-world is measured for this long before the streams open, for the machine's speed. */
const BASELINE_SECONDS = Number(process.env.BENCH_LIVE_BASELINE_SECONDS ?? 5);

/** The soft limit on open files of this process (its server child inherits it), from /proc. */
function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}

const parsed = (message: SseMessage) => publicLiveMessageSchema.parse(JSON.parse(message.data));

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Live fan-out on one instance: STREAMS public streams (GET /api/live, one HTTP/1.1 connection
 * each) on PostgreSQL with the large event's 600 nominations, each waiting for its snapshot; then
 * SETTLEMENTS sandbox card payments settled SPACING_MS apart. Per stream and payment: the time from
 * sending the settling request (the sandbox's stand-in for Stripe confirming the card) to the
 * arrival of the `tallies` message carrying that nomination's new count. Target: p95 < 1 s. Also
 * the server's memory per stream: (RSS with the streams open - RSS before) / STREAMS.
 */
export async function run(): Promise<{ name: string; lines: string[] }> {
  const needed = 2 * STREAMS + 200;
  if (openFilesLimit() < needed) {
    throw new Error(
      `${STREAMS} streams need about ${needed} open files between this process and the server; ulimit -n is ${openFilesLimit()} (raise it: ulimit -n ${needed})`,
    );
  }
  const scratch = await createScratchDatabase('palmares_bench_live');
  const port = 27100 + (process.pid % 1000);
  const base = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const streams: SseStream[] = [];
  try {
    const env = benchServerEnv(scratch.url, port, {
      // The sandbox's test card settles a card payment when asked, as Stripe confirming it would.
      PAYMENTS_SANDBOX: 'true',
      // Raised for the bench: every stream comes from 127.0.0.1, where in the field they are
      // thousands of phones with a few streams each.
      LIVE_STREAMS_PER_ADDRESS: String(STREAMS + 10),
    });
    const first = await startProcess(['dist/server/main.js'], env, `${base}/readyz`);
    await first.stop();
    // The streams carry counts, not payments: the event's nominations at full size, few payments.
    await createLargeEvent(scratch.url, { categories: 20, artists: 300, paymentVotes: 20_000 });

    const app = await startProcess(['dist/server/main.js'], env, `${base}/readyz`);
    const helloUrl = `http://127.0.0.1:${port + 1}/`;
    const hello = await startProcess(
      ['--import', 'tsx', 'bench/support/hello-server.ts', String(port + 1)],
      {},
      helloUrl,
    );
    let helloRunning = true;
    try {
      await autocannon({ url: helloUrl, connections: 10, duration: 1 });
      const baseline = await autocannon({
        url: helloUrl,
        connections: 100,
        duration: BASELINE_SECONDS,
      });
      await hello.stop();
      helloRunning = false;
      lines.push(
        `hello-world (baseline, autocannon -c 100, ${BASELINE_SECONDS} s just before): ${baseline.requests.average.toFixed(0)} req/s, p99 ${baseline.latency.p99} ms`,
      );
      const pid = app.child.pid!;
      // One stream first, so the catalogue and the snapshot frame exist before memory is read.
      const probe = await openSse(`${base}/api/live`);
      const snapshot = parsed(await probe.next((m) => m.event === 'snapshot', WAIT_MS));
      probe.close();
      if (snapshot.type !== 'snapshot' || !snapshot.tallies) {
        throw new Error('the snapshot carries no tallies (are counts hidden?)');
      }
      const counts = new Map(snapshot.tallies.map((t) => [t.id, t.voteCount]));
      await new Promise((r) => setTimeout(r, 500));
      const rssBefore = rssMb(pid);

      const opening = performance.now();
      for (let start = 0; start < STREAMS; start += OPEN_BATCH) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(OPEN_BATCH, STREAMS - start) }, async () => {
            const stream = await openSse(`${base}/api/live`);
            if (stream.status !== 200) {
              throw new Error(`GET /api/live: ${stream.status} ${await stream.body()}`);
            }
            await stream.next((m) => m.event === 'snapshot', WAIT_MS);
            return stream;
          }),
        );
        streams.push(...batch);
      }
      const openSeconds = (performance.now() - opening) / 1000;
      await new Promise((r) => setTimeout(r, 1000));
      const rssStreams = rssMb(pid);
      lines.push(
        `${STREAMS} streams open with their snapshots (${snapshot.tallies.length} tallies each) in ${openSeconds.toFixed(1)} s`,
        `server RSS ${rssBefore.toFixed(0)} MB before, ${rssStreams.toFixed(0)} MB with the streams: ${((1024 * (rssStreams - rssBefore)) / STREAMS).toFixed(1)} KB per stream`,
      );

      const nominationIds = [...counts.keys()];
      const delays: number[] = [];
      const perSettlement: string[] = [];
      // The first settlement warms the settling and broadcasting code up; it is shown, not counted.
      for (let i = -1; i < SETTLEMENTS; i++) {
        const nominationId = nominationIds[((i + 1) * 97) % nominationIds.length]!;
        const votes = 4 + i;
        const expected = counts.get(nominationId)! + votes;
        const { paymentId } = await postJson<{ paymentId: string }>(
          `${base}/api/create-payment-intent-multi`,
          {
            voterEmail: `live-bench-${i + 1}@example.com`,
            nominationVotes: [{ nominationId, voteCount: votes }],
            totalVotes: votes,
          },
        );
        const carriesCount = (message: SseMessage) => {
          if (message.event !== 'tallies') return false;
          const m = parsed(message);
          return (
            m.type === 'tallies' &&
            m.tallies.some((t) => t.id === nominationId && t.voteCount === expected)
          );
        };
        const started = performance.now();
        const arrivals = streams.map((s) =>
          s.next(carriesCount, WAIT_MS).then(() => performance.now() - started),
        );
        await postJson(`${base}/api/sandbox/card-confirm`, { paymentId, cardNumber: TEST_CARD });
        const confirmed = performance.now() - started;
        const times = (await Promise.all(arrivals)).sort((a, b) => a - b);
        counts.set(nominationId, expected);
        if (i >= 0) delays.push(...times);
        perSettlement.push(
          `  ${i < 0 ? 'warm-up (not counted)' : `payment ${i + 1}`}: settled (card-confirm answered) after ${confirmed.toFixed(0)} ms; streams p50 ${percentile(times, 0.5).toFixed(0)}, p95 ${percentile(times, 0.95).toFixed(0)}, max ${percentile(times, 1).toFixed(0)} ms`,
        );
        await new Promise((r) => setTimeout(r, SPACING_MS));
      }
      delays.sort((a, b) => a - b);
      const p95 = percentile(delays, 0.95);
      lines.push(
        `${SETTLEMENTS} settlements ${SPACING_MS} ms apart, timed from sending POST /api/sandbox/card-confirm to the tallies message on each of ${STREAMS} streams:`,
        ...perSettlement,
        `all: p50 ${percentile(delays, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target < ${P95_TARGET_MS} ms) ${p95 < P95_TARGET_MS ? 'PASS' : 'FAIL'}, max ${percentile(delays, 1).toFixed(0)} ms`,
        `server RSS at the end ${rssMb(pid).toFixed(0)} MB`,
      );
      for (const stream of streams.splice(0)) stream.close();
      lines.push(await assertTalliesExact(scratch.url));
    } finally {
      for (const stream of streams) stream.close();
      if (helloRunning) await hello.stop();
      await app.stop();
    }
  } finally {
    await scratch.drop();
  }
  return { name: `Live fan-out: ${STREAMS} streams on one instance (PostgreSQL)`, lines };
}
