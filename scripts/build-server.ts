/**
 * Bundles the server into dist/server/main.js (dependencies stay external) and precompresses client
 * assets. BUILD_OUT_DIR replaces `dist` (each end-to-end run builds into its own folder).
 *
 * The command line tools are bundled beside it, so a deploy that ships only dist/, migrations/ and
 * the production dependencies (the container image) can still migrate, grant the app role, seed
 * and manage accounts: `node dist/server/migrate-cli.js` does what `npm run db:migrate` does from
 * a checkout, without tsx or the sources.
 */
import { build } from 'esbuild';
const outDir = process.env.BUILD_OUT_DIR ?? 'dist';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/features/auth/users-cli.ts',
    'src/server/db/migrate-cli.ts',
    'src/server/db/grant-app-role-cli.ts',
    'src/server/demo/seed-cli.ts',
  ].filter(existsSync),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir: path.join(outDir, 'server'),
  entryNames: '[name]',
  sourcemap: true,
  logLevel: 'warning',
});

// Slow phone connections: serve .br/.gz files made once at build time instead of compressing per request.
const assets = path.join(outDir, 'client', 'assets');
for (const name of existsSync(assets) ? readdirSync(assets) : []) {
  const file = path.join(assets, name);
  if (!/\.(js|css|svg|json)$/.test(name) || statSync(file).size < 1024) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
