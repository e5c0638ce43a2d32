import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock.js';

describe('embedded database lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'palmares-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const lockPath = () => path.join(dir, LOCK_FILE);
  /** The pid of a process that has certainly exited. */
  const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
  const holderFile = (pid: number) =>
    JSON.stringify({ pid, role: 'server', hostname: os.hostname(), startedAt: 'then' });

  it('is exclusive while held and free again once released', () => {
    const lock = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toMatchObject({
      pid: process.pid,
      role: 'server',
    });
    expect(() => acquireDataDirLock(dir, 'users CLI')).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(lockPath())).toBe(false);
    acquireDataDirLock(dir, 'users CLI').release();
  });

  it('reports who holds it', () => {
    writeFileSync(lockPath(), holderFile(1));
    try {
      acquireDataDirLock(dir, 'users CLI');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as DataDirLockedError).holder).toMatchObject({ pid: 1, role: 'server' });
      expect((error as Error).message).toContain('in use by server (pid 1');
    }
  });

  it('takes over a lock whose process is gone', () => {
    writeFileSync(lockPath(), holderFile(deadPid()));
    const lock = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(readFileSync(lockPath(), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('treats a fresh unreadable lock as held and an old one as stale', () => {
    writeFileSync(lockPath(), '');
    expect(() => acquireDataDirLock(dir, 'server')).toThrow(DataDirLockedError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPath(), old, old);
    acquireDataDirLock(dir, 'server').release();
  });

  it('never removes a lock that is not its own', () => {
    const lock = acquireDataDirLock(dir, 'server');
    writeFileSync(lockPath(), holderFile(1));
    lock.release();
    expect(existsSync(lockPath())).toBe(true);
  });
});
