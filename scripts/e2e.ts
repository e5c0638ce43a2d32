/**
 * `npm run test:e2e`: the real app in real Chromium. Installs Debian's Chromium when missing,
 * makes sure PostgreSQL is up, builds, and gives each server a scratch database dropped afterwards.
 * Arguments go to Playwright (a file, `-g`, `--project`).
 *
 * `npm run screens` (`--screens`): the same servers, but only the pictures of every screen
 * (e2e/screens.spec.ts), written to test-results/screens/ with an index page.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from '#test/support/chromium.js';
import { createScratchDatabase, ensurePostgres } from '#test/support/postgres-server.js';

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
let status: number;
try {
  const run = spawnSync('npx', ['playwright', 'test', ...playwrightArgs], {
    stdio: 'inherit',
    env: {
      ...process.env,
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

/** An index page of the pictures, by language then by stop, phone beside laptop. */
function writeScreensIndex(dir: string): void {
  const files = readdirSync(dir).filter((file) => file.endsWith('.png'));
  const stops = [...new Set(files.map((file) => file.replace(/-(390|1280)-(en|fr)\.png$/, '')))];
  const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const sections = ['en', 'fr'].map((language) => {
    const rows = stops.sort().map((stop) => {
      const pictures = ['390', '1280']
        .map((width) => `${stop}-${width}-${language}.png`)
        .filter((file) => files.includes(file))
        .map(
          (file) =>
            `<a href="${escape(file)}"><img src="${escape(file)}" alt="${escape(file)}" loading="lazy"></a>`,
        )
        .join('');
      return `<section><h3>${escape(stop.replace(/^\d+-/, ''))}</h3>${pictures}</section>`;
    });
    return `<h2>${language === 'en' ? 'English' : 'Français'}</h2>${rows.join('\n')}`;
  });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Palmarès screens</title>
<style>body{font:14px system-ui;margin:24px}section{margin:16px 0}img{height:420px;margin-right:12px;border:1px solid #ccc;vertical-align:top}</style>
<h1>Palmarès: every screen at 390 and 1280 px</h1>
${sections.join('\n')}
</html>
`,
  );
  console.log(`Pictures of every screen: ${path.join(dir, 'index.html')}`);
}
