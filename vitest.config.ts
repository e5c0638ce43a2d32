import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const NODE_SUITES = [
  'src/**/*.test.ts',
  'test/**/*.test.ts',
  'bench/**/*.test.ts',
  'scripts/**/*.test.ts',
];
/** Suites that replace a module (vi.mock): they need a module graph of their own. */
const MOCKING_SUITES = [
  'src/server/payments/settle-retry.test.ts',
  'src/client/lib/api-client.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on two cores is one worker; most suites wait on PostgreSQL, timers or
    // sockets rather than on the CPU, so three keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: NODE_SUITES,
          exclude: MOCKING_SUITES,
          // A worker keeps the modules it loaded from one file to the next instead of importing
          // the whole server again for each: no module keeps per-app state (ADR 0041).
          isolate: false,
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/fail-on-console.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node-mocks',
          include: MOCKING_SUITES,
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/fail-on-console.ts'],
        },
      },
      {
        // Component tests: React in jsdom, talking to the real app through a fetch that calls
        // app.inject (test/support/fetch-to-app.ts), so no browser and no socket.
        extends: true,
        plugins: [react()],
        test: {
          name: 'dom',
          include: ['src/client/**/*.test.tsx'],
          environment: 'jsdom',
          // One jsdom and one import of React, the components and the server per worker, not per
          // file: the tests of a file already share those modules' state, and dom-setup.ts resets
          // what a test leaves (the DOM, storage, timers, the language). About 40% faster.
          isolate: false,
          setupFiles: ['test/support/dom-setup.ts'],
        },
      },
    ],
  },
});
