/**
 * The app's PostgreSQL role (docs/operations.md): granted by `npm run db:grant-app-role` as an
 * operator runs it, it does the app's work, and cannot change a row of audit_log by any route,
 * including the ones that get past the append-only triggers for the table's owner.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAppRole } from '#server/db/app-role-grants.js';
import { openDatabase, type Database } from '#server/db/client.js';
import { auditLog, categories } from '#server/db/schema.js';
import { recordSystemAudit } from '#test/factories/audit-factory.js';
import { publishWithLedger } from '#test/factories/event-factory.js';
import { createCompletedPayment, revisePaymentAs } from '#test/factories/payment-factory.js';
import { createAppRole, runNpmScript, type AppRole } from '#test/support/app-role.js';
import { nomineeWith, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import { POSTGRES_ADMIN_URL } from '#test/support/postgres-server.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';

const sqlStateOf = (error: unknown) => (error as { code?: string } | null)?.code;

/** Runs `statements` one after the other on one session, and says how each one ended. */
async function attempt(database: Database, statements: string[]) {
  return database.withConnection(async (_db, query) => {
    const outcomes: { statement: string; code: string | undefined; message: string }[] = [];
    for (const statement of statements) {
      const error = await query(statement).then(
        () => null,
        (refused: unknown) => refused,
      );
      outcomes.push({
        statement,
        code: error ? (sqlStateOf(error) ?? 'unknown') : undefined,
        message: error instanceof Error ? error.message : '',
      });
    }
    return outcomes;
  });
}

describePostgres('the app role', () => {
  /** Connected as the role that ran the migrations: the owner of every table. */
  let owner: TestDatabase;
  let appRole: AppRole | undefined;
  /** Connected as the app role, as the app is in production. */
  let app: Database | undefined;

  beforeAll(async () => {
    owner = await createTestDatabase('postgres');
    appRole = await createAppRole(owner.url!);
    app = await openDatabase({
      kind: 'postgres',
      url: appRole.url,
      // Dropping the scratch database ends connections still open (57P01): expected.
      onIdleError: (error) => {
        if ((error as { code?: string }).code !== '57P01') console.error(error);
      },
    });
  });
  /** Roles made by a test to be refused. */
  const refusedRoles: string[] = [];
  afterAll(async () => {
    await app?.close();
    await appRole?.drop();
    await owner?.destroy();
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    for (const role of refusedRoles) {
      await admin.query(`DROP ROLE IF EXISTS ${admin.escapeIdentifier(role)}`);
    }
    await admin.end();
  });

  it('is granted by npm run db:grant-app-role, and owns nothing nor bypasses anything', async () => {
    expect(appRole!.grantOutput).toContain(
      `REVOKE UPDATE, DELETE ON "public"."audit_log" FROM "${appRole!.role}";`,
    );
    const [me] = await app!.query<{
      me: string;
      rolsuper: boolean;
      rolreplication: boolean;
      owned: number;
    }>(
      `SELECT current_user AS me, r.rolsuper, r.rolreplication,
              (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid) AS owned
         FROM pg_roles r WHERE r.rolname = current_user`,
    );
    expect(me).toEqual({ me: appRole!.role, rolsuper: false, rolreplication: false, owned: 0 });
  });

  it('is refused, with nothing granted, when the role could get past the triggers', async () => {
    const member = `palmares_member_${Date.now().toString(36)}`;
    refusedRoles.push(member);
    // A member of the owner acts as the owner: it could disable or drop the triggers.
    await owner.query(`CREATE ROLE ${member} LOGIN IN ROLE postgres`);
    const env = { DATABASE_URL: appRole!.url, DATABASE_MIGRATION_URL: owner.url! };
    const refused = await runNpmScript('db:grant-app-role', [member], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cannot be the app's role/);
    expect(refused.stderr).toMatch(/is a member of the owner of: database/);
    expect(refused.stderr).toContain('Nothing was granted.');
    const [granted] = await owner.query<{ any: boolean }>(
      `SELECT has_table_privilege($1::name, 'audit_log', 'SELECT') AS any`,
      [member],
    );
    // Through its membership it reads everything; nothing was granted to it by name.
    expect(granted!.any).toBe(true);
    const [direct] = await owner.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.role_table_grants WHERE grantee = $1`,
      [member],
    );
    expect(direct!.n).toBe(0);

    // The checks themselves, without another process: a superuser bypasses every trigger.
    await expect(grantAppRole(owner, 'postgres')).rejects.toThrow(/it is a superuser/);
  });

  it("does the app's work: records an audit row with recordAudit in a transaction and reads it", async () => {
    await app!.db.transaction((tx) =>
      recordSystemAudit(tx, {
        action: 'category.create',
        entityType: 'category',
        entityId: '1',
        after: { name: 'Best Newcomer' },
      }),
    );
    const rows = await app!.db.select().from(auditLog).where(eq(auditLog.entityId, '1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'category.create', after: { name: 'Best Newcomer' } });
  });

  it("does the rest of a vote's work: catalogue, a settled and a refunded payment, the tallies' check", async () => {
    const db = app!.db;
    const nominee = await nomineeWith(db, 2);
    const paid = await createCompletedPayment(db, { votes: split(nominee, [3, 2]) });
    // settle() drew tally numbers from nomination_tally_seq; the hourly tables are kept by a trigger.
    const refund = await revisePaymentAs(db, paid.id, {
      kind: 'refund',
      refundedAmount: paid.amount,
    });
    expect(refund.changed).toBe(true);
    expect(await tallyMismatches(db)).toEqual([]);
    const renamed = await db
      .update(categories)
      .set({ name: 'Renamed' })
      .returning({ id: categories.id });
    expect(renamed).toHaveLength(2);
  });

  describe('cannot change a row of audit_log', () => {
    beforeAll(() =>
      recordSystemAudit(owner.db, {
        action: 'event.update',
        entityType: 'event',
        after: { name: 'Palmarès 2025' },
      }),
    );
    const update = `UPDATE audit_log SET reason = 'rewritten'`;
    const ways: [string, string[]][] = [
      ['UPDATE', [update]],
      ['DELETE', ['DELETE FROM audit_log']],
      ['TRUNCATE', ['TRUNCATE audit_log']],
      [
        'SET session_replication_role = replica, then UPDATE',
        ['SET session_replication_role = replica', update],
      ],
      [
        'ALTER TABLE audit_log DISABLE TRIGGER ALL, then UPDATE',
        ['ALTER TABLE audit_log DISABLE TRIGGER ALL', update],
      ],
      [
        'ALTER TABLE audit_log DISABLE TRIGGER USER, then DELETE',
        ['ALTER TABLE audit_log DISABLE TRIGGER USER', 'DELETE FROM audit_log'],
      ],
      [
        'DROP TRIGGER, then UPDATE',
        ['DROP TRIGGER audit_log_no_update_delete ON audit_log', update],
      ],
      [
        'replacing the trigger function, then UPDATE',
        [
          `CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger
           LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END; $$`,
          update,
        ],
      ],
      ['DROP TABLE', ['DROP TABLE audit_log']],
      ['ALTER TABLE ... OWNER TO itself', ['ALTER TABLE audit_log OWNER TO CURRENT_USER']],
    ];
    for (const [way, statements] of ways) {
      it(`by ${way}: every statement refused (42501)`, async () => {
        const before = await owner.db.select().from(auditLog).orderBy(auditLog.id);
        expect(before.length).toBeGreaterThan(0);
        const outcomes = await attempt(app!, statements);
        expect(outcomes.map(({ statement, code }) => ({ statement, code }))).toEqual(
          statements.map((statement) => ({ statement, code: '42501' })),
        );
        // Refused by the grants, before the triggers are reached.
        for (const { message } of outcomes) expect(message).not.toMatch(/append-only/);
        expect(await owner.db.select().from(auditLog).orderBy(auditLog.id)).toEqual(before);
        const [triggers] = await owner.query<{ enabled: number }>(
          `SELECT count(*)::int AS enabled FROM pg_trigger
            WHERE tgrelid = 'audit_log'::regclass AND NOT tgisinternal AND tgenabled = 'O'`,
        );
        expect(triggers!.enabled).toBe(2);
      });
    }
  });

  describe('the published ledger', () => {
    const tables = [
      'results_ledgers',
      'results_ledger_entries',
      'results_ledger_nodes',
      'results_ledger_corrections',
    ];

    it('is published and corrected by the app role, which may only read and append to it', async () => {
      for (const table of tables) {
        expect(appRole!.grantOutput).toContain(
          `REVOKE UPDATE, DELETE ON "public"."${table}" FROM "${appRole!.role}";`,
        );
      }
      const db = app!.db;
      const nominee = await nomineeWith(db, 2);
      const paid = await createCompletedPayment(db, { votes: split(nominee, [2, 2]) });
      await publishWithLedger(db);
      await revisePaymentAs(db, paid.id, { kind: 'refund', refundedAmount: paid.amount });
      const [counts] = await app!.query<{ ledgers: number; corrections: number }>(
        `SELECT (SELECT count(*)::int FROM results_ledgers) AS ledgers,
                (SELECT count(*)::int FROM results_ledger_corrections) AS corrections`,
      );
      expect(counts).toEqual({ ledgers: 1, corrections: 1 });
    });

    for (const table of tables) {
      it(`cannot UPDATE, DELETE or TRUNCATE ${table}: refused by the grants (42501)`, async () => {
        const column = table === 'results_ledgers' ? 'root' : 'ledger_id';
        const statements = [
          `UPDATE ${table} SET ${column} = ${column}`,
          `DELETE FROM ${table}`,
          `TRUNCATE ${table}`,
        ];
        const before = await owner.query(`SELECT * FROM ${table}`);
        expect(before.length).toBeGreaterThan(0);
        const outcomes = await attempt(app!, statements);
        expect(outcomes.map(({ statement, code }) => ({ statement, code }))).toEqual(
          statements.map((statement) => ({ statement, code: '42501' })),
        );
        for (const { message } of outcomes) expect(message).not.toMatch(/append-only/);
        expect(await owner.query(`SELECT * FROM ${table}`)).toEqual(before);
      });
    }
  });

  it('has the same privileges on a table and a sequence that a later migration adds', async () => {
    await owner.query(
      'CREATE TABLE later_notes (id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY, note text)',
    );
    await owner.query('CREATE SEQUENCE later_seq');
    try {
      const outcomes = await attempt(app!, [
        `INSERT INTO later_notes (note) VALUES ('one')`,
        `UPDATE later_notes SET note = 'two'`,
        'SELECT note FROM later_notes',
        'DELETE FROM later_notes',
        `SELECT nextval('later_seq')`,
        'TRUNCATE later_notes',
      ]);
      expect(outcomes.map((o) => o.code)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        '42501',
      ]);
    } finally {
      await owner.query('DROP TABLE later_notes');
      await owner.query('DROP SEQUENCE later_seq');
    }
  });

  it('as the owner, session_replication_role = replica lets an UPDATE through: why the app is not the owner', async () => {
    const [row] = await owner.db
      .insert(auditLog)
      .values({ action: 'event.update', entityType: 'event', reason: 'as it happened' })
      .returning({ id: auditLog.id });
    const rewrite = `UPDATE audit_log SET reason = 'rewritten' WHERE id = ${row!.id}`;
    const outcomes = await attempt(owner, [
      rewrite, // the trigger refuses it...
      'SET session_replication_role = replica',
      rewrite, // ...which no longer fires
      'RESET session_replication_role',
    ]);
    expect(outcomes.map((o) => o.code)).toEqual(['42501', undefined, undefined, undefined]);
    expect(outcomes[0]!.message).toMatch(/append-only/);
    const [after] = await owner.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(after!.reason).toBe('rewritten');
  });
});
