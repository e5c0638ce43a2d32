import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/open-configured.js';
import { seedDemoEvent } from './db/seed.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);

const here = path.dirname(fileURLToPath(import.meta.url));
// dist/server/main.js sits beside dist/client; from src/server (tsx) the build is at ../../dist/client.
const clientDir = [path.resolve(here, '../client'), path.resolve(here, '../../dist/client')].find((dir) =>
  existsSync(path.join(dir, 'index.html')),
);

const app = await buildApp({ config, database, clientDir });

if (config.seedDemo) {
  const seeded = await seedDemoEvent(app.ctx);
  if (seeded.created) app.log.info(seeded.summary, 'seeded the demo event');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const address = await app.listen({ port: config.port, host: config.host });
const shown = config.publicUrl ?? address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
if (!clientDir) app.log.warn('client build not found: serving the API only (run npm run build)');
console.log(`\n  Palmarès is running at ${shown}\n`);
