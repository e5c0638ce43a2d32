import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// The API server listens here in development (scripts/dev.ts); Vite only serves the client.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:5000';

const PREACT_IN_PLACE_OF_REACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // The browser's zod is configured once, where it is first loaded (see the module).
      { find: /^zod$/, replacement: fromRoot('./src/client/lib/zod-jitless.ts') },
      // What ships runs Preact's React layer: React's DOM alone is 55 KB brotli, nearly the first
      // screen's whole 60 KB budget. Development and the component tests keep React (fast
      // refresh, Testing Library); the browser tests drive the build (docs/decisions/0057).
      ...(command === 'build' ? PREACT_IN_PLACE_OF_REACT : []),
    ],
  },
  build: {
    // BUILD_OUT_DIR lets concurrent end-to-end runs each build into their own folder.
    outDir: path.resolve(process.env.BUILD_OUT_DIR ?? fromRoot('./dist'), 'client'),
    emptyOutDir: true,
    // ES2022 keeps native private class fields (TanStack Query uses many): down-levelling them to
    // WeakMaps costs ~1 kB gzip on the first screen. Any Chrome since 2021 (94+) runs it.
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first screen needs statically goes into one chunk: several files
          // compress worse than one, and each is another request on a slow connection. Lazily
          // loaded screens keep the automatic splitting.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
  },
}));
