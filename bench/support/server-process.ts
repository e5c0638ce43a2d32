import { spawn, type ChildProcess } from 'node:child_process';

/** Starts a Node script as a separate process (its own core) and waits until `readyUrl` answers. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  // BENCH_PROFILE_DIR=dir writes a V8 CPU profile of each process there when it exits.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${readyUrl} did not become ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The settings every bench runs the production build with: no demo data, no background
 * reconciliation, warnings only; `extra` adds or overrides. Shared by single instances and by the
 * cluster's, which get their database and ports from startCluster.
 */
export function benchAppSettings(extra: Record<string, string> = {}): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RECONCILE_INTERVAL_SECONDS: '0',
    NODE_ENV: 'production',
    PHONE_HASH_KEY: 'bench',
    ...extra,
  };
}

/** benchAppSettings for one instance with its own database and port on loopback. */
export function benchServerEnv(
  databaseUrl: string,
  port: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...benchAppSettings(extra),
  };
}
