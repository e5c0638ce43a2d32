import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Files that talk to the one local Redis. Its fan-out channel and rate-limit keys are shared by
 * every app on it, so these run one at a time, in a project of their own, beside the others.
 */
const REDIS_SUITES = [
  'src/server/redis/redis-link.test.ts',
  'src/server/redis/redis-outage.test.ts',
  'src/server/events/redis-fanout.test.ts',
  'src/server/features/live/live.test.ts',
  'src/server/features/checkout/rate-limits.test.ts',
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
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: REDIS_SUITES,
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/fail-on-console.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'redis',
          include: REDIS_SUITES,
          fileParallelism: false,
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
          setupFiles: ['test/support/dom-setup.ts'],
        },
      },
    ],
  },
});
