import { spawn, type ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { nomineeWith, paymentRow, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { nominations, payments } from '#server/db/schema.js';

const PERMANENT_TOKEN = 'crash-recovery-token';
const CAMPAY_TIMEOUT_MS = 500;

interface Server {
  child: ChildProcess;
  url: string;
}

/** The real server (src/server/main.ts) as its own process, on `databaseUrl`, against the fake. */
async function startServer(
  databaseUrl: string,
  campay: FakeCampay,
  env: Record<string, string>,
): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    // Only what the server needs: nothing from the test runner's environment.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      PHONE_HASH_KEY: 'crash-recovery-phone-key',
      SESSION_PURGE_INTERVAL_SECONDS: '0',
      PAYMENT_POLL_INTERVAL_MS: '0',
      CAMPAY_TIMEOUT_MS: String(CAMPAY_TIMEOUT_MS),
      ...campay.env,
      CAMPAY_TOKEN: PERMANENT_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server exited:\n${output}`));
    });
  });
  return { child, url };
}

/** SIGKILL: no shutdown hook, no draining, as when the machine or the process dies. */
async function kill(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

describePostgres('a crash between the collect and its callback', () => {
  let campay: FakeCampay;
  let database: TestDatabase;
  const servers: Server[] = [];
  beforeAll(async () => {
    campay = await new FakeCampay().start();
    campay.addPermanentToken(PERMANENT_TOKEN);
  });
  afterAll(() => campay.stop());
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    campay.delayMs = 0;
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await kill(server);
    await database.destroy();
  });

  /** Starts a payment on a first server, kills it, approves in Campay, starts a second one. */
  async function crashAndRestart(options: { collectTimesOut: boolean }) {
    const nominee = await nomineeWith(database.db, 1);
    const first = await startServer(database.url!, campay, { RECONCILE_INTERVAL_SECONDS: '0' });
    servers.push(first);
    const before = new Set(campay.transactions.keys());
    if (options.collectTimesOut) campay.delayMs = CAMPAY_TIMEOUT_MS * 3;
    const res = await fetch(`${first.url}/api/campay-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '237677000111', nominationVotes: split(nominee, [3]) }),
    });
    campay.delayMs = 0;
    expect(res.status).toBe(options.collectTimesOut ? 502 : 200);
    const tx = [...campay.transactions.values()].find((t) => !before.has(t.reference))!;
    const paymentId = tx.external_reference!;
    expect(await paymentRow(database.db, paymentId)).toMatchObject({
      status: 'pending',
      providerRef: options.collectTimesOut ? null : tx.reference,
    });

    await kill(first);
    // The voter approves on their phone; Campay's callback never reaches a server.
    campay.complete(tx.reference);
    if (options.collectTimesOut) tx.external_reference = null;

    const second = await startServer(database.url!, campay, { RECONCILE_INTERVAL_SECONDS: '1' });
    servers.push(second);
    const deadline = Date.now() + 30_000;
    while ((await paymentRow(database.db, paymentId))!.status === 'pending') {
      expect(Date.now(), 'settled by the restarted server').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const votes = await database.db
      .select({ votes: nominations.voteCount })
      .from(nominations)
      .where(eq(nominations.id, nominee.nominations[0]!.id));
    return { paymentId, reference: tx.reference, votes: votes[0]!.votes };
  }

  it('the restarted server settles the payment from Campay: completed, never failed', async () => {
    const { paymentId, reference, votes } = await crashAndRestart({ collectTimesOut: false });
    expect(await paymentRow(database.db, paymentId)).toMatchObject({
      status: 'completed',
      providerRef: reference,
    });
    expect(votes).toBe(3);
    expect(await tallyMismatches(database.db)).toEqual([]);
  }, 120_000);

  it('also when the collect request itself timed out, so we never had the reference', async () => {
    const { paymentId, reference, votes } = await crashAndRestart({ collectTimesOut: true });
    expect(await paymentRow(database.db, paymentId)).toMatchObject({
      status: 'completed',
      providerRef: reference,
      providerFee: 3,
    });
    expect(votes).toBe(3);
    const failed = await database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.status, 'failed'));
    expect(failed).toEqual([]);
    expect(await tallyMismatches(database.db)).toEqual([]);
  }, 120_000);
});
