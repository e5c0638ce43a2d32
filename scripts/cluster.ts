/**
 * `npm run cluster [-- --instances 3]`: several instances of the built app behind HAProxy on
 * loopback, sharing PostgreSQL (DATABASE_URL, or a new database on 127.0.0.1:5432, dropped at the
 * end) and Redis (REDIS_URL, or a redis-server of its own). Ctrl-C stops everything.
 */
import { parseArgs } from 'node:util';
import { startCluster, type Cluster } from '#test/support/cluster.js';
import { createScratchDatabase, ensurePostgres } from '#test/support/postgres-server.js';

const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' } } });
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1) {
  console.error(`--instances must be a whole number of at least 1, not ${values.instances}`);
  process.exit(2);
}

let scratch: { url: string; drop: () => Promise<void> } | undefined;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  if (!(await ensurePostgres())) {
    console.error('Set DATABASE_URL, or run PostgreSQL on 127.0.0.1:5432');
    process.exit(1);
  }
  scratch = await createScratchDatabase('palmares_cluster');
  databaseUrl = scratch.url;
}

let cluster: Cluster | undefined;
let stopping = false;
async function shutDown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster...');
  await cluster?.stop();
  await scratch?.drop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutDown(0));

try {
  cluster = await startCluster({
    instances,
    databaseUrl,
    redisUrl: process.env.REDIS_URL,
    // Every health check is a request: at info level they would bury everything else.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    echo: true,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await scratch?.drop();
  process.exit(1);
}
for (const instance of cluster.instances) console.log(`${instance.name}: ${instance.url}`);
console.log(`\nPalmarès, ${instances} instances behind HAProxy: ${cluster.url}  (Ctrl-C stops)`);
for (const instance of cluster.instances) {
  void instance.exited.then(() => {
    if (!stopping) console.error(`${instance.name} exited; HAProxy routes around it`);
  });
}
