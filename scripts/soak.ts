/**
 * `npm run soak`: a month of an event replayed against a two-instance cluster of the built app
 * (HAProxy in front, PostgreSQL behind a proxy the soak cuts, a Redis of its own it restarts),
 * with the Campay and Stripe fakes, every voter behaviour and every fault, instances killed with
 * SIGKILL in the middle of the work and a rolling restart halfway onto a second build (made from
 * the same checkout into a folder of its own before the run). Then the books are checked
 * from the database and the fakes' records (test/soak/soak-checks.ts).
 *
 * Settings: SOAK_PAYMENTS (115000: about one planned payment in nine is never made, its voter
 * having given up when their retries met an outage), SOAK_SEED (random, printed), SOAK_HOURS
 * (720, a month), SOAK_HOUR_MS (the shortest an event hour lasts: 30 ms a planned payment, at
 * least 200), SOAK_CONCURRENCY (voters and deliveries in flight at once, 64: an hour's voters wait
 * on one another's answers, not on the cores). Exit code 0 when every check passed; otherwise the
 * run's database is kept and its URL printed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '#server/db/client.js';
import { runMigrations } from '#server/db/migrate.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { FakeStripe } from '#test/fakes/fake-stripe.js';
import { startCluster, type Cluster } from '#test/support/cluster.js';
import { freePort } from '#test/support/free-port.js';
import { createScratchDatabase, ensurePostgres } from '#test/support/postgres-server.js';
import { redisAnswers } from '#test/support/redis-answers.js';
import { TcpProxy } from '#test/support/tcp-proxy.js';
import { sleep } from '#test/soak/soak-engine.js';
import { compressedSettings, runSoak, type SoakSize } from '#test/soak/soak-run.js';
import { soakSeed } from '#test/soak/soak-schedule.js';
import { httpTarget } from '#test/soak/soak-target.js';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const payments = number('SOAK_PAYMENTS', 115_000);
const hours = number('SOAK_HOURS', 720);
const size: SoakSize = {
  seed: soakSeed(process.env.SOAK_SEED),
  payments,
  hours,
  // Expiry and the reconciler run on real time, so an event hour's floor sets their scale: about
  // what an hour's voters take here (30 ms a payment), so the two clocks keep step.
  hourMs: number('SOAK_HOUR_MS', Math.max(200, Math.round((30 * payments) / hours))),
  expiryHours: 8,
  concurrency: number('SOAK_CONCURRENCY', 64),
  campayTimeoutMs: 1500,
  processFaults: true,
  instances: 2,
  drainMs: 120_000,
  log: (line) => console.log(line),
};

/** A redis-server on `port`, nothing kept on disk; restarted on the same port by the soak. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 200 && !(await redisAnswers(`redis://127.0.0.1:${port}`)); i++)
    await sleep(25);
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

if (!(await ensurePostgres())) {
  console.error('npm run soak needs PostgreSQL on 127.0.0.1:5432');
  process.exit(2);
}
// The build the rolling restart deploys: files of its own, as a new release's would be (inside
// the checkout, where its bundle finds node_modules).
const nextBuildDir = path.resolve('.soak-build', String(process.pid));
const built = spawnSync('npm', ['run', 'build'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, BUILD_OUT_DIR: nextBuildDir },
});
if (built.status !== 0) {
  console.error('npm run soak: the second build failed');
  process.exit(2);
}
const nextBuild = path.join(nextBuildDir, 'server', 'main.js');
const scratch = await createScratchDatabase('palmares_soak');
const direct = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
await runMigrations(direct);
const proxy = await TcpProxy.start(Number(new URL(scratch.url).port || 5432));
const redisPort = await freePort();
let redis = await startRedis(redisPort);
const campay = await new FakeCampay().start();
// Refunds are paid from what the collections left on the account.
campay.balances.MTN = campay.balances.ORANGE = 1_000_000_000;
const stripe = await new FakeStripe().start();
let cluster: Cluster | undefined;
let code = 1;
try {
  const started = Date.now();
  cluster = await startCluster({
    databaseUrl: proxy.proxied(scratch.url),
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    env: {
      LOG_LEVEL: 'fatal',
      SEED_DEMO: 'false',
      MIGRATE_ON_START: 'false',
      OUTBOX_INTERVAL_MS: '0',
      INTEGRITY_CHECK_INTERVAL_SECONDS: '0',
      PAYMENTS_SANDBOX: 'false',
      ...compressedSettings(size),
      ...campay.env,
      ...stripe.env,
    },
  });
  console.log(
    `soak: cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${cluster.url}`,
  );
  const clocks = compressedSettings(size);
  console.log(
    `soak: app clocks: expiry ${(Number(clocks.PAYMENT_EXPIRY_HOURS) * 3600).toFixed(0)} s, ` +
      `reconciler lookback ${(Number(clocks.RECONCILE_LOOKBACK_DAYS) * 86_400).toFixed(0)} s after expiry`,
  );
  const db = direct.db;
  const categories = await Promise.all(Array.from({ length: 20 }, () => createCategory(db)));
  const nominationIds: string[] = [];
  for (let i = 0; i < 8; i++) {
    const nominee = await createNominee(db, { categoryIds: categories.map((c) => c.id) });
    nominationIds.push(...nominee.nominations.map((n) => n.id));
  }
  const admin = await signedInUser(db, { isAdmin: true });
  const running = cluster;
  // One process fault at a time: two in the same hour must not stop an instance another is starting.
  let processes = Promise.resolve();
  const oneAtATime = (fault: () => Promise<void>) => {
    const turn = processes.then(fault);
    processes = turn.catch(() => undefined);
    return turn;
  };
  const result = await runSoak(
    {
      // As long as HAProxy waits: publishing a month's ledger takes minutes.
      target: httpTarget(running.url, 11 * 60_000),
      campay,
      stripe,
      db,
      nominationIds,
      adminHeaders: { cookie: admin.cookie, origin: running.url },
      faults: {
        async cutDatabase() {
          proxy.drop();
          await sleep(size.hourMs / 2);
          proxy.restore();
        },
        async restartRedis() {
          await stopChild(redis);
          await sleep(size.hourMs / 2);
          redis = await startRedis(redisPort);
        },
        killInstance: (fault, busy) =>
          oneAtATime(async () => {
            // The work is under way on both instances when one dies mid-flight.
            const work = busy();
            await sleep(5 + Math.floor(Math.random() * 40));
            await running.restart(fault.instance ?? 0, 'SIGKILL');
            await work;
          }),
        rollingRestart: () =>
          oneAtATime(async () => {
            // One instance at a time, drained, then started from the other build, as a deploy does.
            for (let i = 0; i < running.instances.length; i++)
              await running.restart(i, 'SIGTERM', nextBuild);
          }),
      },
    },
    size,
  );
  console.log(result.lines.join('\n'));
  code = result.ok ? 0 : 1;
} catch (error) {
  console.error(error);
  if (cluster) console.error(cluster.logs().slice(-5000));
} finally {
  proxy.restore();
  await cluster?.stop();
  await proxy.close();
  await stopChild(redis);
  await campay.stop();
  await stripe.stop();
  await direct.close();
  // A failed run's database is what explains it: kept, and named, until someone drops it.
  if (code === 0) await scratch.drop();
  else console.error(`soak: the database is kept for a look: ${scratch.url}`);
  rmSync(nextBuildDir, { recursive: true, force: true });
}
process.exit(code);
