import { readFileSync } from 'node:fs';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import { adminCookie } from './support/admin-session.js';
import { latency } from './support/latency.js';
import { createManyPayments } from './support/many-payments.js';
import { startProcess, benchServerEnv } from './support/server-process.js';

const PAYMENTS = Number(process.env.BENCH_TRACKING_PAYMENTS ?? 1_000_000);
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * Voter tracking with a million payments: p95 of filtered pages (target <= 50 ms) next to /healthz
 * through the same server, and the server's memory growth while streaming the full CSV export
 * (target < 100 MB).
 */
export async function run(): Promise<{ name: string; lines: string[] }> {
  const scratch = await createScratchDatabase('palmares_bench_tracking');
  const port = 25100 + (process.pid % 1000);
  const base = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(scratch.url, port);
  const lines: string[] = [];
  try {
    const migrate = await startProcess(['dist/server/main.js'], env, `${base}/readyz`);
    await migrate.stop();
    const started = Date.now();
    await createManyPayments(scratch.url, PAYMENTS);
    lines.push(
      `${PAYMENTS.toLocaleString('en')} payments loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );

    const server = await startProcess(['dist/server/main.js'], env, `${base}/readyz`);
    try {
      const cookie = await adminCookie(scratch.url, base);
      const init = { headers: { cookie } };
      const baseline = await latency(`${base}/healthz`, {}, 200);
      lines.push(
        `${'baseline GET /healthz'.padEnd(58)} p50 ${baseline.p50.toFixed(1)} ms  p95 ${baseline.p95.toFixed(1)} ms`,
      );
      const cases = [
        'pageSize=50',
        'provider=campay&status=pending&pageSize=50',
        'attempt=abandoned&tz=Africa/Lagos&pageSize=100',
        'from=2026-10-01&to=2026-10-31&tz=Africa/Lagos&pageSize=50&page=3',
        'status=failed&provider=stripe&tz=America/Los_Angeles&pageSize=20',
        'search=voter123457@example.com',
        'search=670123456',
        'search=3fa85f64',
      ];
      for (const query of cases) {
        const m = await latency(`${base}/api/voter-tracking?${query}`, init, 100);
        lines.push(
          `${`GET /api/voter-tracking?${query}`.slice(0, 58).padEnd(58)} p50 ${m.p50.toFixed(1)} ms  p95 ${m.p95.toFixed(1)} ms  ${m.p95 <= 50 ? 'PASS' : 'FAIL'} (<= 50 ms)`,
        );
      }

      const pid = server.child.pid!;
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
      const exportStarted = Date.now();
      const res = await fetch(`${base}/api/voter-tracking/export.csv`, init);
      let bytes = 0;
      let rows = 0;
      for await (const chunk of res.body!) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) rows++;
      }
      clearInterval(sampler);
      const seconds = (Date.now() - exportStarted) / 1000;
      lines.push(
        `CSV export: ${(rows - 1).toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s; server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB (growth ${(peak - before).toFixed(0)} MB, target < 100) ${peak - before < 100 ? 'PASS' : 'FAIL'}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
  return { name: 'Voter tracking with 1 000 000 payments (PostgreSQL)', lines };
}
