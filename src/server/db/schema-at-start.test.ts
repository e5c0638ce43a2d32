/**
 * Start-up's schema step and `npm run db:migrate` when the app connects as its own role and the
 * migrations run as the schema's owner (docs/operations.md), and the single-URL and PGlite setups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { openDatabase } from '#server/db/client.js';
import { prepareSchema, SchemaNotReadyError } from '#server/db/migrate.js';
import { openConfiguredDatabase, type DatabaseUse } from '#server/db/open-configured.js';
import { createAppRole, type AppRole } from '#test/support/app-role.js';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';

/** Opens as start-up (or a CLI) would with this environment, and closes again. */
async function open(env: Record<string, string>, use: DatabaseUse = 'app'): Promise<void> {
  const database = await openConfiguredDatabase(loadConfig({ NODE_ENV: 'test', ...env }), use);
  await database.close();
}

describe('the database settings', () => {
  it('take DATABASE_MIGRATION_URL only with DATABASE_URL, and fall back to DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: 'postgres://owner@db/app' })).toThrow(
      /DATABASE_MIGRATION_URL: needs DATABASE_URL/,
    );
    const single = loadConfig({ DATABASE_URL: 'postgres://app@db/app' });
    expect(single.database).toMatchObject({
      url: 'postgres://app@db/app',
      migrationUrl: 'postgres://app@db/app',
      migrationUrlVariable: 'DATABASE_URL',
    });
    expect(single.migrateOnStart).toBe(true);
    const split = loadConfig({
      DATABASE_URL: 'postgres://app@db/app',
      DATABASE_MIGRATION_URL: 'postgres://owner@db/app',
      MIGRATE_ON_START: 'false',
    });
    expect(split.database).toMatchObject({
      url: 'postgres://app@db/app',
      migrationUrl: 'postgres://owner@db/app',
      migrationUrlVariable: 'DATABASE_MIGRATION_URL',
    });
    expect(split.migrateOnStart).toBe(false);
  });

  it('on PGlite, MIGRATE_ON_START=false checks instead of migrating; by default start-up migrates', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      const error = await prepareSchema(database, { migrate: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SchemaNotReadyError);
      expect(String(error)).toMatch(/behind this build: (\d+) of \1 migrations are not applied/);
      expect(String(error)).toMatch(/MIGRATE_ON_START=false/);
      await prepareSchema(database, { migrate: true });
      await prepareSchema(database, { migrate: false });
    } finally {
      await database.close();
    }
  });
});

describePostgres('start-up as the app role, migrations as the owner', () => {
  let owner: TestDatabase;
  let appRole: AppRole | undefined;
  beforeAll(async () => {
    owner = await createTestDatabase('postgres');
    appRole = await createAppRole(owner.url!);
  });
  afterAll(async () => {
    await appRole?.drop();
    await owner?.destroy();
  });

  it('skips migrating when its role does not own the schema, and opens a current schema', async () => {
    // Migrating would fail: the app role may not create the drizzle schema.
    await open({ DATABASE_URL: appRole!.url, DATABASE_MIGRATION_URL: owner.url! });
    await open({ DATABASE_URL: appRole!.url, MIGRATE_ON_START: 'false' });
  });

  it('stops with what to run when the schema is behind the build', async () => {
    // The newest migration forgotten: as the database looks before `npm run db:migrate` of a new build.
    const [newest] = await owner.query<{ id: number; hash: string; created_at: string }>(
      `DELETE FROM drizzle.__drizzle_migrations
        WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)
        RETURNING id, hash, created_at`,
    );
    try {
      const asApp = await open({ DATABASE_URL: appRole!.url }).catch((e: unknown) => e);
      expect(asApp).toBeInstanceOf(SchemaNotReadyError);
      expect(String(asApp)).toMatch(/behind this build: 1 of \d+ migrations are not applied/);
      expect(String(asApp)).toContain(`connects as "${appRole!.role}", which does not own`);
      expect(String(asApp)).toMatch(/npm run db:migrate.*DATABASE_MIGRATION_URL/);

      // The owner told not to migrate at start checks too, and changes nothing.
      const told = await open({ DATABASE_URL: owner.url!, MIGRATE_ON_START: 'false' }).catch(
        (e: unknown) => e,
      );
      expect(String(told)).toMatch(/1 of \d+ migrations are not applied.*MIGRATE_ON_START=false/);
      const [{ count }] = (await owner.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
      )) as [{ count: number }];
      expect(count).toBe(newest!.id - 1);
    } finally {
      await owner.query(
        'INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)',
        [newest!.id, newest!.hash, newest!.created_at],
      );
    }
  });

  it('on a first deploy: start-up says to migrate, db:migrate runs as the owner, then the grant step is asked for', async () => {
    const fresh = await createScratchDatabase();
    const appUrl = new URL(appRole!.url);
    appUrl.pathname = new URL(fresh.url).pathname;
    const env = { DATABASE_URL: appUrl.toString(), DATABASE_MIGRATION_URL: fresh.url };
    try {
      const first = await open(env).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(SchemaNotReadyError);
      expect(String(first)).toMatch(/may not create the schema \(permission denied/);

      // db:migrate as the app role is refused before anything is tried...
      const wrong = await open({ DATABASE_URL: appUrl.toString() }, 'migrate').catch(
        (e: unknown) => e,
      );
      expect(String(wrong)).toMatch(/may not create the schema/);
      // ...and runs with the owner's URL.
      await open(env, 'migrate');
      const owned = await open({ DATABASE_URL: appUrl.toString() }, 'migrate').catch(
        (e: unknown) => e,
      );
      expect(String(owned)).toMatch(/does not own the schema \(its owner is "postgres"\)/);

      const ungranted = await open(env).catch((e: unknown) => e);
      expect(ungranted).toBeInstanceOf(SchemaNotReadyError);
      expect(String(ungranted)).toContain(`npm run db:grant-app-role -- ${appRole!.role}`);
    } finally {
      await fresh.drop();
    }
  });
});
