import { defineConfig, devices } from '@playwright/test';
import { CARD_LIMITS_OUT_OF_THE_WAY } from './test/support/card-limits.js';
import { CHROMIUM } from './test/support/chromium.js';

// scripts/e2e.ts picks five free consecutive ports; run directly, they are derived from the
// process id, below the ports the system gives outgoing connections (32768 and up).
process.env.E2E_PORT ??= String(20000 + (process.pid % 12000));
const port = Number(process.env.E2E_PORT);
const emptyPort = port + 1;
/** A server of its own for tests that move the event (close voting, hide counts, publish results). */
const eventPort = port + 2;
/** The fake Stripe API, and a server in live card mode against it (the Stripe.js path). */
const stripePort = port + 3;
const cardPort = port + 4;

const serverEnv = (databaseUrl: string | undefined) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl ?? '',
  SEED_DEMO: 'false',
  CATALOG_CACHE_MS: '0',
  // Short: the pages' status checks are driven by their clocks, only the server's side waits.
  SANDBOX_SETTLE_DELAY_MS: '1500',
  PHONE_HASH_KEY: 'e2e-phone-hash-key',
  RECONCILE_INTERVAL_SECONDS: '2',
  ...CARD_LIMITS_OUT_OF_THE_WAY,
});

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace (actions, network, console, DOM snapshots) without the
    // screencast: a frame for every paint cost Chromium about as much CPU as the tests themselves
    // (checkout, catalogue and receipts: 3.1 min with it, 2.3 min without, on two cores), and pages
    // starved of CPU are what missed their waits. `--trace on` records everything for one run.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Each test runs once: on a laptop, or on a phone when tagged @phone (a voter's flows, and what
  // differs on a phone: phone boxes, menus, sheets, small dialogs). Tagged @phone and @laptop, it
  // runs on both, for behaviour that differs between them (the share sheet, the phone menu). The
  // screen check resizes its page to every width itself. `npm run screens` is a project of its
  // own, which `npm test` leaves out (scripts/e2e.ts names the projects).
  projects: [
    {
      name: 'phone',
      grep: /@phone/,
      testIgnore: ['**/screens.spec.ts'],
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
      },
    },
    {
      name: 'laptop',
      grep: /^(?!.*@phone)|@laptop/,
      testIgnore: ['**/screens.spec.ts'],
      use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' },
    },
    {
      name: 'screens',
      testMatch: ['**/screens.spec.ts'],
      use: { viewport: { width: 390, height: 844 }, browserName: 'chromium' },
    },
  ],
  webServer: [
    {
      command: `node ${process.env.E2E_SERVER ?? 'dist/server/main.js'}`,
      url: `http://127.0.0.1:${port}/readyz`,
      env: { ...serverEnv(process.env.E2E_DATABASE_URL), PORT: String(port) },
      reuseExistingServer: false,
      timeout: 60_000,
      // Warnings and errors only (LOG_LEVEL): a 500 in a test run shows its cause beside it.
      stdout: 'pipe',
    },
    {
      command: `node ${process.env.E2E_SERVER ?? 'dist/server/main.js'}`,
      url: `http://127.0.0.1:${emptyPort}/readyz`,
      env: { ...serverEnv(process.env.E2E_EMPTY_DATABASE_URL), PORT: String(emptyPort) },
      reuseExistingServer: false,
      timeout: 60_000,
      // Warnings and errors only (LOG_LEVEL): a 500 in a test run shows its cause beside it.
      stdout: 'pipe',
    },
    {
      command: `node ${process.env.E2E_SERVER ?? 'dist/server/main.js'}`,
      url: `http://127.0.0.1:${eventPort}/readyz`,
      env: { ...serverEnv(process.env.E2E_EVENT_DATABASE_URL), PORT: String(eventPort) },
      reuseExistingServer: false,
      timeout: 60_000,
      // Warnings and errors only (LOG_LEVEL): a 500 in a test run shows its cause beside it.
      stdout: 'pipe',
    },
    {
      command: `npx tsx test/fakes/fake-stripe-server.ts ${stripePort}`,
      // The fake answers 401 without a key: ready all the same.
      url: `http://127.0.0.1:${stripePort}/v1/payment_intents`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node ${process.env.E2E_SERVER ?? 'dist/server/main.js'}`,
      url: `http://127.0.0.1:${cardPort}/readyz`,
      // The main server's database, with Stripe keys: only its own card payments go to Stripe,
      // and it leaves reconciling to the main server.
      env: {
        ...serverEnv(process.env.E2E_DATABASE_URL),
        PORT: String(cardPort),
        RECONCILE_INTERVAL_SECONDS: '0',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake',
        STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
  ],
});
