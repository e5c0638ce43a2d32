import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { listeningUrl, loadConfig } from './config.js';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock.js';
import { SchemaNotReadyError } from './db/migrate.js';
import { DatabaseUnreachableError, openConfiguredDatabase } from './db/open-configured.js';
import { seedDemoEvent } from './demo/seed.js';
import { ensureDemoAdmin } from './features/auth/demo-admin.js';
import { demoAdminNotice } from './features/auth/demo-admin-notice.js';
import { drainThenClose } from './instance-lifecycle.js';
import { logOutput } from './log-output.js';
import { loadPageDrawing } from './http/page-drawing.js';

const config = loadConfig();
// The embedded database must have a single writer (the users CLI checks the same lock).
let dataDirLock: DataDirLock | undefined;
if (config.database.kind === 'pglite') {
  try {
    dataDirLock = acquireDataDirLock(config.dataDir, 'Palmarès server');
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      `Cannot start: ${error.message}.\nStop that process first, or delete ${error.lockPath} if you are sure none is running.`,
    );
    process.exit(1);
  }
}
const database = await openConfiguredDatabase(config).catch((error: unknown) => {
  if (!(error instanceof DatabaseUnreachableError || error instanceof SchemaNotReadyError)) {
    throw error;
  }
  console.error(`Cannot start: ${error.message}`);
  dataDirLock?.release();
  process.exit(1);
});

const here = path.dirname(fileURLToPath(import.meta.url));
// dist/server/main.js sits beside dist/client and dist/ssr; from src/server (tsx) the build is in
// ../../dist.
const built = [path.resolve(here, '..'), path.resolve(here, '../../dist')].find((dir) =>
  existsSync(path.join(dir, 'client', 'index.html')),
);
const clientDir = built && path.join(built, 'client');
const pageDrawing = built && path.join(built, 'ssr', 'entry-server.js');
// The public pages are drawn by the client's own components (ADR 0064): loaded once, here.
const drawPage =
  pageDrawing && existsSync(pageDrawing) ? await loadPageDrawing(pageDrawing) : undefined;

// One queue for the log (JSON lines, or one readable line an entry: LOG_FORMAT) and the plain-text
// notices below, so they come out in order; pino flushes it at exit.
const stdout = pino.destination({ dest: 1, sync: false });
const logStream = await logOutput(config.logFormat, stdout);
const app = await buildApp({ config, database, clientDir, drawPage, logStream });
for (const warning of config.warnings) app.log.warn(warning);

let demoAdmin: { email: string; password: string } | null = null;
if (config.seedDemo) {
  const seeded = await seedDemoEvent(app.ctx);
  if (seeded.created) {
    app.log.info(seeded.summary, 'seeded the demo event');
    demoAdmin = await ensureDemoAdmin(app.ctx);
  }
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await drainThenClose(app, config.shutdownDrainMs);
  await database.close();
  dataDirLock?.release();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// The address messages link to (config.ts), unless PORT=0 left the port to the system.
const port = app.server.address();
const shown =
  config.port === 0 && typeof port === 'object' && port
    ? (config.publicUrl ?? listeningUrl(config.host, port.port))
    : config.outbox.publicUrl;
if (!clientDir) app.log.warn('client build not found: serving the API only (run npm run build)');
// The demo admin's password is printed once, on the start that created it; only its hash is stored.
stdout.write(
  `\n  Palmarès is running at ${shown}\n${demoAdmin ? demoAdminNotice(demoAdmin, shown) : '\n'}`,
);
