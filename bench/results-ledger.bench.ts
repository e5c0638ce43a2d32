import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { SYSTEM_ACTOR } from '#server/features/audit/record-audit.js';
import { publishResults } from '#server/features/event/event-store.js';
import { runNpmScript } from '#test/support/app-role.js';
import { call } from '#test/support/call-app.js';
import { startTestApp } from '#test/support/test-app.js';
import { createTestDatabase } from '#test/support/test-database.js';
import { createLargeEvent } from './support/large-event.js';
import { percentile } from './support/percentile.js';

const PAYMENTS = Number(process.env.BENCH_LEDGER_PAYMENTS ?? 100_000);
const LOOKUPS = 200;

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const since = (start: number) => performance.now() - start;

/**
 * Asks every 20 ms for the current edition's row FOR SHARE NOWAIT, as a settlement or a revision
 * takes it; `stop` gives the longest stretch it was refused.
 */
function rowHeldProbe(client: pg.Client) {
  let longest = 0;
  let refusedSince: number | null = null;
  let probing = true;
  const loop = (async () => {
    while (probing) {
      const at = performance.now();
      try {
        await client.query('BEGIN');
        await client.query('SELECT id FROM editions WHERE is_current FOR SHARE NOWAIT');
        if (refusedSince !== null) longest = Math.max(longest, at - refusedSince);
        refusedSince = null;
      } catch {
        refusedSince ??= at;
      } finally {
        await client.query('ROLLBACK');
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      probing = false;
      await loop;
      // Refused until the publication ended.
      return refusedSince === null ? longest : Math.max(longest, performance.now() - refusedSince);
    },
  };
}

/**
 * The ledger at the size it is built for: 100,000 credited payments (two nominations each) on
 * PostgreSQL. Measures the publication (entries and tree written in its transaction), the
 * document's size and time as the route streams it, plain and gzipped, the proof lookups, and the
 * verify script's time over the whole document.
 */
export async function run() {
  const database = await createTestDatabase('postgres');
  const lines: string[] = [];
  try {
    await createLargeEvent(database.url!, {
      categories: 20,
      artists: 400,
      paymentVotes: PAYMENTS * 2,
    });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows: codes } = await client.query<{ receipt_code: string }>(
      `SELECT receipt_code FROM payments ORDER BY random() LIMIT ${LOOKUPS}`,
    );

    let start = performance.now();
    const probe = rowHeldProbe(client);
    await publishResults(database.db, SYSTEM_ACTOR);
    const heldMs = await probe.stop();
    await client.end();
    lines.push(
      `publish results with the ledger of ${PAYMENTS.toLocaleString('en')} payments: ${since(start).toFixed(0)} ms`,
      `  the edition's row held meanwhile (settlements and revisions wait), longest: ${heldMs.toFixed(0)} ms`,
    );

    const app = await startTestApp(database, { RATE_LIMIT_LOOKUPS_PER_MINUTE: '100000' });
    try {
      start = performance.now();
      const plain = await call(app, { url: '/api/results/ledger' });
      const plainMs = since(start);
      if (plain.status !== 200) throw new Error(`ledger answered ${plain.status}`);
      start = performance.now();
      const gzipped = await call(app, {
        url: '/api/results/ledger',
        headers: { 'accept-encoding': 'gzip' },
      });
      const gzipMs = since(start);
      lines.push(
        `GET /api/results/ledger: ${mb(plain.bytes.length)} in ${plainMs.toFixed(0)} ms; gzip ${mb(gzipped.bytes.length)} in ${gzipMs.toFixed(0)} ms`,
      );
      const memory = process.memoryUsage().rss;
      lines.push(`process resident memory after both: ${mb(memory)}`);

      const folder = await mkdtemp(join(tmpdir(), 'palmares-ledger-bench-'));
      try {
        const file = join(folder, 'ledger.json');
        await writeFile(file, plain.bytes);
        start = performance.now();
        const verdict = await runNpmScript('verify-results', [file], {});
        const verdictLine = verdict.stdout.trim().split('\n').at(-1) ?? '';
        lines.push(
          `npm run verify-results on the file: exit ${verdict.code} in ${since(start).toFixed(0)} ms (${verdictLine.split(':')[0]})`,
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }

      const times: number[] = [];
      for (const { receipt_code } of codes) {
        start = performance.now();
        const answer = await call(app, { url: `/api/results/ledger/entries/${receipt_code}` });
        times.push(since(start));
        if (answer.status !== 200) throw new Error(`entry answered ${answer.status}`);
      }
      times.sort((a, b) => a - b);
      lines.push(
        `GET /api/results/ledger/entries/{code}, ${LOOKUPS} codes: p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.destroy();
  }
  return {
    name: `Published ledger of ${PAYMENTS.toLocaleString('en')} payments (PostgreSQL)`,
    lines,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await run();
  console.log(`== ${result.name}`);
  for (const line of result.lines) console.log(`   ${line}`);
}
