import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const isJsonLine = (line: string) => {
  try {
    JSON.parse(line);
    return line.trim().startsWith('{');
  } catch {
    return false;
  }
};
const ANSI = new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g');
/** pino-pretty's line: the time, the level, the message (colour codes taken out). */
const isPrettyLine = (line: string) =>
  /^\[\d\d:\d\d:\d\d\] (INFO|WARN): \S/.test(line.replace(ANSI, ''));

/** Starts the real server on an empty data folder and collects its stdout until `done` says so. */
function startServer(dataDir: string) {
  // Only what the server needs: nothing from the test runner's environment (HOST, DATABASE_URL...).
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'info',
    RECONCILE_INTERVAL_SECONDS: '0',
    SESSION_PURGE_INTERVAL_SECONDS: '0',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const waitFor = (done: (out: string) => boolean, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server output so far:\n${stdout}\n${stderr}`)),
        timeoutMs,
      );
      const check = () => {
        if (done(stdout)) {
          clearTimeout(timer);
          resolve(stdout);
        }
      };
      child.stdout.on('data', check);
      child.on('exit', () => {
        clearTimeout(timer);
        reject(new Error(`server exited:\n${stdout}\n${stderr}`));
      });
      check();
    });
  return { child, waitFor };
}

describe('npm start on an empty database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'palmares-start-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1, logs readable lines and prints the demo admin in a plain block that signs in', async () => {
    const server = startServer(dataDir);
    child = server.child;
    const out = await server.waitFor((text) => /reset-password[^\n]*\n=+\n/.test(text), 110_000);
    const lines = out.split('\n');

    const port = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)\b/.exec(out)?.[1]);
    expect(port).toBeGreaterThan(0);

    // Development's log (LOG_FORMAT's default): one short line an entry with pino-pretty.
    const start = lines.findIndex((l) => /^=+$/.test(l));
    const end = lines.findIndex((l, i) => i > start && /^=+$/.test(l));
    expect(start).toBeGreaterThanOrEqual(0);
    const logLines = lines.slice(0, start).filter((l) => l !== '' && !l.includes('is running at'));
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((l) => !isPrettyLine(l))).toEqual([]);
    expect(out).not.toMatch(/"pid"|"hostname"/);

    // The block: a ruled frame of plain lines, no log line inside it.
    // The start-up log lines are out before the block, not after its first line.
    expect(lines.findIndex((l) => l.includes('Server listening at'))).toBeLessThan(start);
    const block = lines.slice(start, end + 1);
    expect(block.some((l) => isJsonLine(l) || isPrettyLine(l))).toBe(false);
    expect(lines[start - 1]).toBe('');
    const text = block.join('\n');
    expect(text).toContain('Demo admin');
    expect(text).toMatch(/E-mail: +admin@palmares\.local/);
    expect(text).toContain('npm run users -- reset-password admin@palmares.local');
    const password = /Password: +(\S+)/.exec(text)?.[1];
    expect(password).toBeTruthy();

    const signIn = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@palmares.local', password }),
    });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { isAdmin: boolean }).isAdmin).toBe(true);
  }, 120_000);
});
