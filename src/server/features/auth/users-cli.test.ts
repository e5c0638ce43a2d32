import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '#server/db/data-dir-lock.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { verifyPassword } from './password-hash.js';
import { main, runUsersCommand, type CliOutput } from './users-cli.js';
import { findLocalAccount, findUserByEmail } from './users-store.js';

function capture(): CliOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l) };
}

describeEachDatabase('users CLI', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  const run = async (...argv: string[]) => {
    const io = capture();
    const code = await runUsersCommand(database.db, argv, io);
    return { code, ...io };
  };

  it('creates an account with a generated password that signs in', async () => {
    const result = await run('create', 'New.Person@Example.com');
    expect(result.code).toBe(0);
    const password = result.lines.find((l) => l.startsWith('Password: '))?.slice(10);
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const account = await findLocalAccount(database.db, 'new.person@example.com');
    expect(account?.user.isAdmin).toBe(false);
    expect(await verifyPassword(password!, account?.passwordHash)).toBe(true);
    expect((await run('create', 'new.person@example.com')).code).toBe(1);
  });

  it('creates an admin with a given password, and prints no password then', async () => {
    const result = await run(
      'create',
      'chief@example.com',
      '--admin',
      '--password',
      'a-long-secret',
    );
    expect(result.code).toBe(0);
    expect(result.lines.join('\n')).not.toContain('a-long-secret');
    const account = await findLocalAccount(database.db, 'chief@example.com');
    expect(account?.user.isAdmin).toBe(true);
    expect(await verifyPassword('a-long-secret', account?.passwordHash)).toBe(true);
  });

  it('grants and revokes admin', async () => {
    await run('create', 'helper@example.com', '--password', 'helper-secret');
    expect((await run('grant-admin', 'helper@example.com')).code).toBe(0);
    expect((await findUserByEmail(database.db, 'helper@example.com'))?.isAdmin).toBe(true);
    expect((await run('revoke-admin', 'HELPER@example.com')).code).toBe(0);
    expect((await findUserByEmail(database.db, 'helper@example.com'))?.isAdmin).toBe(false);
    const missing = await run('grant-admin', 'ghost@example.com');
    expect(missing.code).toBe(1);
    expect(missing.errors[0]).toContain('npm run users -- create ghost@example.com --admin');
  });

  it('resets a password and signs the user out everywhere', async () => {
    const { user } = await signedInUser(database.db, { email: 'forgetful@example.com' });
    const result = await run('reset-password', 'forgetful@example.com');
    expect(result.code).toBe(0);
    expect(result.lines[0]).toContain('1 session(s) signed out');
    const password = result.lines.find((l) => l.startsWith('Password: '))?.slice(10);
    const account = await findLocalAccount(database.db, 'forgetful@example.com');
    expect(account?.user.id).toBe(user.id);
    expect(await verifyPassword(password!, account?.passwordHash)).toBe(true);
  });

  it('lists users and explains bad usage', async () => {
    const list = await run('list');
    expect(list.code).toBe(0);
    expect(list.lines.some((l) => l.startsWith('chief@example.com  admin'))).toBe(true);
    for (const argv of [
      ['frobnicate', 'a@example.com'],
      ['create'],
      ['create', 'not-an-email'],
      ['create', 'short@example.com', '--password', 'short'],
      ['create', 'x@example.com', '--bogus'],
      ['list', 'extra'],
    ]) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).toBe(64);
      expect(result.errors[0]).toContain('Usage: npm run users');
    }
    expect((await run()).lines[0]).toContain('Usage');
  });
});

describe('users CLI on the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'palmares-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = () => ({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });

  it('works before the server starts, and releases the database afterwards', async () => {
    const io = capture();
    expect(await main(['create', 'first@example.com', '--admin'], io, env())).toBe(0);
    expect(io.lines[0]).toBe('Created admin first@example.com.');
    expect(readdirSync(dataDir)).toEqual(['pglite']);
  }, 120_000);

  it('refuses clearly, and touches nothing, while the server holds the database', async () => {
    const before = readdirSync(path.join(dataDir, 'pglite')).sort();
    const server = acquireDataDirLock(dataDir, 'Palmarès server');
    try {
      const io = capture();
      expect(await main(['create', 'second@example.com'], io, env())).toBe(75);
      const message = io.errors.join('\n');
      expect(message).toContain('in use by Palmarès server');
      expect(message).toContain('stop the server');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('Nothing was changed');
      expect(readdirSync(path.join(dataDir, 'pglite')).sort()).toEqual(before);
    } finally {
      server.release();
    }
    expect(existsSync(path.join(dataDir, 'palmares.lock'))).toBe(false);
    const io = capture();
    expect(await main(['list'], io, env())).toBe(0);
    expect(io.lines).toEqual(['first@example.com  admin, password']);
  }, 120_000);
});
