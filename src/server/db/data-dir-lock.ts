import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded PGlite database may be opened by one process at a time: two writers would corrupt
 * it. Whoever opens it (the server, the users CLI, migrate or seed) first takes this lock file in
 * DATA_DIR, created exclusively; a lock whose process is gone is taken over. PostgreSQL needs none.
 */
export const LOCK_FILE = 'palmares.lock';

export interface LockHolder {
  pid: number;
  role: string;
  hostname: string;
  startedAt: string;
}

export interface DataDirLock {
  path: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `${holder.role} (pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt})`
      : 'another process';
    super(`the embedded database in ${path.dirname(lockPath)} is in use by ${who}`);
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.role !== 'string') return null;
    return {
      pid: parsed.pid,
      role: parsed.role,
      hostname: String(parsed.hostname ?? ''),
      startedAt: String(parsed.startedAt ?? ''),
    };
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock is stale only when we can see that its process is gone; anything doubtful counts as held. */
function isStale(file: string, holder: LockHolder | null): boolean {
  if (!holder) {
    // Unreadable: maybe a writer between create and write. Old and unreadable means a crash.
    try {
      return Date.now() - statSync(file).mtimeMs > 10_000;
    } catch {
      return true;
    }
  }
  if (holder.hostname !== os.hostname()) return false;
  if (holder.pid === process.pid) return false;
  return !processAlive(holder.pid);
}

/**
 * Takes the lock or throws DataDirLockedError. The lock is released by `release()` and, as a
 * safety net, when the process exits.
 */
export function acquireDataDirLock(dataDir: string, role: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const holder: LockHolder = {
    pid: process.pid,
    role,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  const content = JSON.stringify(holder);

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        // Only remove the file if it is still ours.
        if (readFileSafe(file) === content) unlinkSafe(file);
      };
      process.on('exit', release);
      return { path: file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = readFileSafe(file);
    const current = readHolder(file);
    if (!isStale(file, current)) throw new DataDirLockedError(file, current);
    // Move the stale file aside atomically; if what we moved is not what we judged stale
    // (another process took over in between), put it back and report the lock as held.
    const aside = `${file}.stale-${process.pid}-${attempt}`;
    try {
      renameSync(file, aside);
    } catch {
      continue;
    }
    if (readFileSafe(aside) !== seen) {
      renameSync(aside, file);
      throw new DataDirLockedError(file, readHolder(file));
    }
    unlinkSafe(aside);
  }
  throw new DataDirLockedError(file, readHolder(file));
}

function readFileSafe(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function unlinkSafe(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/** What a command line tool says when the server holds the embedded database. */
export function lockedDatabaseMessage(error: DataDirLockedError): string {
  return [
    `Cannot open the database: ${error.message}.`,
    'The embedded database can be used by one process at a time, so either:',
    '  - stop the server (Ctrl+C in its terminal), run this command again, then start the server; or',
    '  - run Palmarès on PostgreSQL (set DATABASE_URL), where this command works while the server runs.',
    `Nothing was changed. If you are sure no server is running, delete ${error.lockPath} and retry.`,
  ].join('\n');
}
