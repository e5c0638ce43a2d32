import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
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
