/**
 * `npm run test:e2e`: the real app in real Chromium. Installs Debian's Chromium when missing,
 * makes sure PostgreSQL is up, builds, and gives each server a scratch database dropped afterwards.
 * Arguments go to Playwright (a file, `-g`, `--project`).
 *
 * `npm run screens` (`--screens`): the same servers, but only the pictures of every screen
 * (e2e/screens.spec.ts), written to test-results/screens/ with an index page.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from '#test/support/chromium.js';
import { freePortBlock } from '#test/support/free-port.js';
import { createScratchDatabase, ensurePostgres } from '#test/support/postgres-server.js';
import { writeScreensIndex } from './screens-index.js';

ensureChromium();
if (!(await ensurePostgres())) {
  console.error('PostgreSQL at 127.0.0.1:5432 is not reachable; end-to-end tests need it.');
  process.exit(1);
}

// A build of its own: another run (or a developer's npm start) may be rebuilding dist/ meanwhile.
const outDir = path.resolve('.e2e-build', String(process.pid));
const build = spawnSync('npm', ['run', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, BUILD_OUT_DIR: outDir },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const main = await createScratchDatabase('palmares_e2e');
const empty = await createScratchDatabase('palmares_e2e_empty');
const eventLife = await createScratchDatabase('palmares_e2e_event');
const given = process.argv.slice(2);
const screens = given.includes('--screens');
const playwrightArgs = screens
  ? ['--project=screens', ...given.filter((arg) => arg !== '--screens')]
  : given.some((arg) => arg.startsWith('--project'))
    ? given
    : ['--project=phone', '--project=laptop', ...given];
// The five servers' ports (playwright.config.ts), free and out of the way of outgoing connections.
const port = process.env.E2E_PORT ?? String(await freePortBlock(5));
let status: number;
try {
  const run = spawnSync('npx', ['playwright', 'test', ...playwrightArgs], {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_PORT: port,
      E2E_DATABASE_URL: main.url,
      E2E_EMPTY_DATABASE_URL: empty.url,
      E2E_EVENT_DATABASE_URL: eventLife.url,
      E2E_SERVER: path.join(outDir, 'server', 'main.js'),
    },
  });
  status = run.status ?? 1;
} finally {
  await main.drop();
  await empty.drop();
  await eventLife.drop();
  rmSync(outDir, { recursive: true, force: true });
}
if (screens) writeScreensIndex(path.resolve('test-results', 'screens'));
process.exit(status);
