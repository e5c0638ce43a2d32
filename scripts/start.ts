/**
 * `npm start`: build when the build is missing or older than the sources, then run the server.
 * A fresh clone needs nothing else: PGlite in ./data, demo data, sandbox payments.
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = newestMtime('dist/server/main.js') && existsSync('dist/client/index.html');
const sources = Math.max(
  ...['src', 'public', 'migrations', 'vite.config.ts', 'package.json'].map(newestMtime),
);
if (!built || sources > newestMtime('dist/server/main.js')) {
  console.log('Building Palmarès (first start or sources changed)...');
  const started = Date.now();
  // The build's own output (some 75 lines of chunk sizes) would push the server's address off the
  // screen: it is kept and shown only when the build fails.
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    if (result.error) console.error(result.error.message);
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
