import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { FIRST_SCREEN_NAMESPACES } from './src/client/lib/first-screen-namespaces';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

const FIRST_SCREEN_TEXTS = new RegExp(
  `/locales/(\\w+)/(?:${FIRST_SCREEN_NAMESPACES.join('|')})\\.json$`,
);

/**
 * The chunk of a language's first-screen texts (lib/i18n.ts), or null for any other module. The
 * server names it in a drawn page's head by this name (`texts-<language>`, http/spa.ts).
 */
function firstScreenTexts(id: string): string | null {
  const language = FIRST_SCREEN_TEXTS.exec(id)?.[1];
  return language ? `texts-${language}` : null;
}

// The API server listens here in development (scripts/dev.ts); Vite only serves the client.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:5000';

export default defineConfig(({ isSsrBuild }) => ({
  root: fromRoot('./src/client'),
  publicDir: isSsrBuild ? false : fromRoot('./public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // The browser's zod is configured once, where it is first loaded (see the module).
      { find: /^zod$/, replacement: fromRoot('./src/client/lib/zod-jitless.ts') },
    ],
  },
  build: {
    // BUILD_OUT_DIR lets concurrent end-to-end runs each build into their own folder. The server's
    // drawing of the pages (`vite build --ssr entry-server.tsx`) goes beside the client.
    outDir: path.resolve(
      process.env.BUILD_OUT_DIR ?? fromRoot('./dist'),
      isSsrBuild ? 'ssr' : 'client',
    ),
    emptyOutDir: true,
    // ES2022 keeps native private class fields (TanStack Query uses many): down-levelling them to
    // WeakMaps costs ~1 kB gzip on the first screen. Any Chrome since 2021 (94+) runs it.
    target: 'es2022',
    // Every browser that runs ES2022 knows <link rel="modulepreload">: no polyfill on the first screen.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // Everything the first screen needs statically goes into one chunk: several files
              // compress worse than one, and each is another request on a slow connection. Lazily
              // loaded screens keep the automatic splitting.
              groups: [
                { name: 'app', tags: ['$initial'] },
                // The texts every screen shows come in one file per language, one request.
                { name: (id) => firstScreenTexts(id) },
              ],
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
