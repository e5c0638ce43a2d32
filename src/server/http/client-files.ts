import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One file of the built client, held in memory with the encodings made at build time. */
export interface ClientFile {
  body: Buffer;
  brotli?: Buffer | undefined;
  gzip?: Buffer | undefined;
  contentType: string;
  etag: string;
  cacheControl: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// Vite names every file under assets/ by its content, so a year is safe; anything else (the
// favicon, the demo pictures) keeps its name across releases and is revalidated hourly.
const HASHED = 'public, max-age=31536000, immutable';
const NAMED = 'public, max-age=3600';

function* filesUnder(root: string, dir = root): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Reads the whole built client (a couple of megabytes) once at start, keyed by URL path, so an
 * asset request costs a map lookup instead of a `stat` and an `open` on every page load of every
 * phone on results night. `index.html` is left out: the page is rendered per request.
 */
export function loadClientFiles(root: string): Map<string, ClientFile> {
  const files = new Map<string, ClientFile>();
  const all = [...filesUnder(root)];
  const present = new Set(all);
  for (const full of all) {
    if (/\.(br|gz)$/.test(full) && present.has(full.replace(/\.(br|gz)$/, ''))) continue;
    const relative = path.relative(root, full).split(path.sep);
    if (relative.length === 1 && relative[0] === 'index.html') continue;
    const body = readFileSync(full);
    const read = (suffix: string) =>
      present.has(full + suffix) ? readFileSync(full + suffix) : undefined;
    files.set(`/${relative.map(encodeURIComponent).join('/')}`, {
      body,
      brotli: read('.br'),
      gzip: read('.gz'),
      contentType: CONTENT_TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: relative[0] === 'assets' ? HASHED : NAMED,
    });
  }
  return files;
}
