/**
 * `npm run bench [-- name-filter]`: builds the production app, then runs every bench/*.bench.ts in
 * turn and prints its figures next to the baseline or target it was measured against.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { ensurePostgres } from '#test/support/postgres-server.js';

interface BenchResult {
  name: string;
  lines: string[];
}

if (!(await ensurePostgres())) {
  console.error('PostgreSQL at 127.0.0.1:5432 is needed for the benchmarks.');
  process.exit(1);
}
if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const filter = process.argv[2];
const files = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
let failed = false;
for (const file of files) {
  const started = Date.now();
  const bench = (await import(`./${file}`)) as { run: () => Promise<BenchResult> };
  try {
    const result = await bench.run();
    console.log(`\n== ${result.name} (${file}, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    for (const line of result.lines) console.log(`   ${line}`);
  } catch (error) {
    failed = true;
    console.error(`\n== ${file} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
