import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCluster, startHaproxy } from '#test/support/cluster.js';
import { freePort } from '#test/support/free-port.js';
import { runMixedLoad, startHelloServer } from './support/mixed-load-run.js';
import { benchAppSettings } from './support/server-process.js';

/**
 * The mixed load of mixed-load.bench.ts, same large event and same mix, sent through HAProxy to
 * two instances of the production build (startCluster: the deploy's HAProxy settings,
 * TRUST_PROXY=127.0.0.1, rate limits and live updates shared through a Redis of the cluster's
 * own). Its ceiling is two bare Fastify servers sending the same answers from memory behind the
 * same kind of HAProxy, so the proxy hop costs the ceiling what it costs the app. Same targets:
 * >= 0.7 of that ceiling, payment creation p99 <= 200 ms, no error, every tally exact.
 */
export function run() {
  return runMixedLoad({
    name: 'Mixed load of the last hour through HAProxy, 2 instances (PostgreSQL, Redis, large event)',
    database: 'palmares_bench_mixed_cluster',
    appLabel: 'HAProxy in front of 2 instances',
    referenceLabel: '2 bare Fastify behind HAProxy',
    async startApp(databaseUrl, settings) {
      const cluster = await startCluster({
        databaseUrl,
        instances: 2,
        env: benchAppSettings(settings),
      });
      return {
        base: cluster.url,
        processes: [
          ...cluster.instances.map((instance) => ({
            name: instance.name,
            pid: instance.child.pid!,
          })),
          { name: 'haproxy', pid: cluster.haproxy.child.pid! },
        ],
        stop: cluster.stop,
      };
    },
    async startReference(sampleUrls) {
      const dir = mkdtempSync(path.join(tmpdir(), 'palmares-bench-ceiling-'));
      const servers: Awaited<ReturnType<typeof startHelloServer>>[] = [];
      const stopServers = async () => {
        await Promise.all(servers.map((server) => server.stop()));
        rmSync(dir, { recursive: true, force: true });
      };
      try {
        const ports: number[] = [];
        for (let i = 0; i < 2; i++) {
          ports.push(await freePort());
          servers.push(await startHelloServer(ports[i]!, sampleUrls));
        }
        const proxy = await startHaproxy({ port: await freePort(), serverPorts: ports, dir });
        return {
          base: proxy.url,
          processes: [
            ...servers.map((server, i) => ({
              name: `bare Fastify ${i + 1}`,
              pid: server.child.pid!,
            })),
            { name: 'haproxy', pid: proxy.child.pid! },
          ],
          stop: async () => {
            await proxy.stop();
            await stopServers();
          },
        };
      } catch (error) {
        await stopServers();
        throw error;
      }
    },
  });
}
