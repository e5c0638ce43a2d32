import { freePort } from '#test/support/free-port.js';
import { runMixedLoad, startHelloServer } from './support/mixed-load-run.js';
import { benchServerEnv, startProcess } from './support/server-process.js';

/**
 * An event's last hour on PostgreSQL with the large event, one instance of the production build:
 * 100 connections for 60 s, 85% browsing, 10% status polls, 4% mobile-money payments the sandbox
 * settles, 1% receipt look-ups (shares in support/mixed-traffic.ts); then the same mix offered at
 * 1,000 requests a second in an open loop. Beside it, in the same run, a bare Fastify hello-world
 * and the ceiling: the same mix of answers sent by bare Fastify from memory. Targets (median of
 * three runs): the app at >= 0.7 of the ceiling's requests per second; CPU per request; in the
 * open loop browsing p50 <= 5 ms and payment creation p99 <= 200 ms; no error (non-2xx,
 * connection error or timeout); every tally exact, which fails the bench. support/mixed-load-run.ts
 * runs it all;
 * mixed-load-cluster.bench.ts sends the same mix through HAProxy.
 */
export function run() {
  return runMixedLoad({
    name: 'Mixed load of the last hour (PostgreSQL, large event)',
    database: 'palmares_bench_mixed',
    appLabel: 'the app',
    referenceLabel: 'bare Fastify',
    async startApp(databaseUrl, settings) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const app = await startProcess(
        ['dist/server/main.js'],
        benchServerEnv(databaseUrl, port, settings),
        `${base}/readyz`,
      );
      return { base, processes: [{ name: 'app', pid: app.child.pid! }], stop: app.stop };
    },
    async startReference(sampleUrls) {
      const port = await freePort();
      const hello = await startHelloServer(port, sampleUrls);
      return {
        base: `http://127.0.0.1:${port}`,
        processes: [{ name: 'bare Fastify', pid: hello.child.pid! }],
        stop: hello.stop,
      };
    },
  });
}
