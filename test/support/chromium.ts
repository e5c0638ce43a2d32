import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium: the browser of the end-to-end tests and the bundle-size bench. */
export const CHROMIUM = '/usr/bin/chromium';

/** Installs it from Debian when missing (Playwright's own browser download cannot reach its host here). */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  console.log('Installing Chromium from Debian (needed once for the browser tests)...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
