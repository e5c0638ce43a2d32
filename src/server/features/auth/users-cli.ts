/**
 * `npm run users -- <command>`: manage accounts from a terminal, the only way (with ADMIN_EMAILS)
 * to make someone an admin.
 *
 *   create EMAIL [--admin] [--password PW]   new local account; prints a generated password
 *   grant-admin EMAIL | revoke-admin EMAIL
 *   reset-password EMAIL [--password PW]     new password; signs the user out everywhere
 *   list
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import {
  acquireDataDirLock,
  DataDirLockedError,
  lockedDatabaseMessage,
  type DataDirLock,
} from '#server/db/data-dir-lock.js';
import { openConfiguredDatabase } from '#server/db/open-configured.js';
import { PASSWORD_LIMITS } from '#shared/schemas/auth.js';
import { generatePassword, hashPassword } from './password-hash.js';
import { destroyUserSessions } from './session-store.js';
import {
  createUser,
  findUserByEmail,
  listUsers,
  setAdmin,
  setPasswordHash,
} from './users-store.js';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const USAGE = `Usage: npm run users -- <command>

  create EMAIL [--admin] [--password PW]   create a local account (a password is generated if none is given)
  grant-admin EMAIL                        make an existing user an admin
  revoke-admin EMAIL                       take admin away
  reset-password EMAIL [--password PW]     set a new password and sign the user out everywhere
  list                                     list users`;

const emailSchema = z.email();

class UsageError extends Error {}

type Command =
  | { command: 'help' }
  | { command: 'list' }
  | {
      command: 'create' | 'grant-admin' | 'revoke-admin' | 'reset-password';
      email: string;
      admin: boolean;
      password: string | undefined;
    };
const ACCOUNT_COMMANDS = ['create', 'grant-admin', 'revoke-admin', 'reset-password'] as const;
const isAccountCommand = (value: string): value is (typeof ACCOUNT_COMMANDS)[number] =>
  (ACCOUNT_COMMANDS as readonly string[]).includes(value);

function parseCommand(argv: string[]): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      admin: { type: 'boolean', default: false },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, email, ...rest] = positionals;
  if (values.help || !command) return { command: 'help' };
  if (command === 'list' && !email) return { command };
  if (rest.length || command === 'list') {
    throw new UsageError(`unexpected argument: ${rest[0] ?? email}`);
  }
  if (!isAccountCommand(command)) throw new UsageError(`unknown command: ${command}`);
  if (!email) throw new UsageError(`${command} needs an e-mail address`);
  if (!emailSchema.safeParse(email).success)
    throw new UsageError(`not an e-mail address: ${email}`);
  if (values.password !== undefined) {
    const { min, max } = PASSWORD_LIMITS;
    if (values.password.length < min || values.password.length > max) {
      throw new UsageError(`the password must be ${min} to ${max} characters`);
    }
  }
  return { command, email, admin: values.admin, password: values.password };
}

/** Runs one command against an open database; returns the process exit code. */
export async function runUsersCommand(db: Db, argv: string[], io: CliOutput): Promise<number> {
  let parsed;
  try {
    parsed = parseCommand(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 64;
  }
  if (parsed.command === 'help') {
    io.out(USAGE);
    return 0;
  }
  if (parsed.command === 'list') {
    const rows = await listUsers(db);
    if (!rows.length)
      io.out('No users yet. Create one with: npm run users -- create EMAIL --admin');
    for (const row of rows) {
      const flags = [
        row.isAdmin ? 'admin' : null,
        row.hasPassword ? 'password' : 'identity provider',
      ];
      io.out(`${row.email ?? '(no e-mail)'}  ${flags.filter(Boolean).join(', ')}`);
    }
    return 0;
  }

  const email = parsed.email.toLowerCase();
  const existing = await findUserByEmail(db, email);
  const showPassword = (password: string) => {
    io.out(`Password: ${password}`);
    io.out('It is shown only this once: keep it somewhere safe.');
  };

  switch (parsed.command) {
    case 'create': {
      if (existing) {
        io.err(
          `${email} already exists. Use reset-password to change its password or grant-admin to make it an admin.`,
        );
        return 1;
      }
      const password = parsed.password ?? generatePassword();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const user = await createUser(tx, { email, isAdmin: parsed.admin });
        await setPasswordHash(tx, user.id, passwordHash);
      });
      io.out(`Created ${parsed.admin ? 'admin' : 'user'} ${email}.`);
      if (parsed.password === undefined) showPassword(password);
      return 0;
    }
    case 'grant-admin':
    case 'revoke-admin': {
      const grant = parsed.command === 'grant-admin';
      if (!existing) {
        io.err(
          `No user with e-mail ${email}. Create one with: npm run users -- create ${email}${grant ? ' --admin' : ''}` +
            (grant ? ' (or list the address in ADMIN_EMAILS for identity-provider sign-in)' : ''),
        );
        return 1;
      }
      await setAdmin(db, existing.id, grant);
      io.out(grant ? `${email} is now an admin.` : `${email} is no longer an admin.`);
      return 0;
    }
    case 'reset-password': {
      if (!existing) {
        io.err(`No user with e-mail ${email}. Create one with: npm run users -- create ${email}`);
        return 1;
      }
      const password = parsed.password ?? generatePassword();
      await setPasswordHash(db, existing.id, await hashPassword(password));
      const signedOut = await destroyUserSessions(db, existing.id);
      io.out(`New password set for ${email}; ${signedOut} session(s) signed out.`);
      if (parsed.password === undefined) showPassword(password);
      return 0;
    }
  }
  return 64;
}

/** Opens the configured database (locking the embedded one), runs the command, closes everything. */
export async function main(
  argv: string[],
  io: CliOutput,
  /** Defaults to the process environment, read by config.ts. */
  env?: Record<string, string | undefined>,
): Promise<number> {
  const config = loadConfig(env);
  let lock: DataDirLock | undefined;
  if (config.database.kind === 'pglite') {
    try {
      lock = acquireDataDirLock(config.dataDir, 'users CLI');
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      io.err(lockedDatabaseMessage(error));
      return 75;
    }
  }
  try {
    const database = await openConfiguredDatabase(config);
    try {
      return await runUsersCommand(database.db, argv, io);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const io: CliOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };
  main(process.argv.slice(2), io)
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
