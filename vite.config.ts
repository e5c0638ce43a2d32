import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// The API server listens here in development (scripts/dev.ts); Vite only serves the client.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:5000';

export default defineConfig({
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./public'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    // Voters are on low-end Android phones: keep modern output but not bleeding-edge syntax.
    target: 'es2020',
    sourcemap: false,
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
});
