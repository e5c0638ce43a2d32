import type { Database } from './client.js';
import { MIGRATIONS_SCHEMA, MIGRATIONS_TABLE } from './migrate.js';

/**
 * The privileges of the role the app connects as in production (docs/operations.md), granted by
 * `npm run db:grant-app-role -- <role>` as the schema's owner. The app role reads and writes rows
 * and owns nothing, so it can neither drop nor disable the triggers that keep `audit_log`
 * append-only, nor set `session_replication_role` (superuser only), which skips them. The published ledger's
 * tables (ADR 0058) are kept the same way.
 */

/**
 * Tables the app may only read and append to; their migration also refuses changes with triggers.
 * A migration that adds one lists it here, and the operator runs the grant step again after it.
 */
export const APPEND_ONLY_TABLES = [
  'audit_log',
  'results_ledgers',
  'results_ledger_entries',
  'results_ledger_nodes',
  'results_ledger_corrections',
] as const;
/** Where the migrations create the app's tables and sequences. */
export const APP_SCHEMA = 'public';

/** The grant step refused the role, or the privileges it ended with are not the intended ones. */
export class AppRoleGrantError extends Error {
  constructor(role: string, problems: string[]) {
    super(
      `Role "${role}" cannot be the app's role:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'AppRoleGrantError';
  }
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Grants `role` exactly what the app needs, in one transaction, and checks the result before it
 * commits. Idempotent: run it again after a migration that adds an append-only table. Must run as
 * the role that owns the migrations (or a superuser): default privileges are attached to that role,
 * so the tables later migrations create are covered without running it again.
 */
export async function grantAppRole(
  database: Database,
  role: string,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  if (database.kind !== 'postgres') {
    throw new Error('The app role is for PostgreSQL: the embedded database (PGlite) has no roles.');
  }
  await database.withConnection(async (_db, query) => {
    const [facts] = await query<{
      me: string;
      database: string;
      owner: string | null;
      actsAsOwner: boolean | null;
    }>(
      `SELECT current_user AS me, current_database() AS database,
              pg_get_userbyid(c.relowner) AS owner, pg_has_role(c.relowner, 'USAGE') AS "actsAsOwner"
         FROM (SELECT 1) AS one
         LEFT JOIN pg_catalog.pg_namespace n ON n.nspname = $1
         LEFT JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = $2`,
      [MIGRATIONS_SCHEMA, MIGRATIONS_TABLE],
    );
    const { me, owner } = facts!;
    if (owner === null) {
      throw new AppRoleGrantError(role, [
        'no migration has been applied to this database yet: run `npm run db:migrate` first',
      ]);
    }
    if (!facts!.actsAsOwner) {
      throw new AppRoleGrantError(role, [
        `the grant step connects as "${me}", which is not "${owner}", the role that runs the ` +
          'migrations: set DATABASE_MIGRATION_URL to its URL',
      ]);
    }
    const refusals = await refusalsOf(query, role);
    if (refusals.length > 0) throw new AppRoleGrantError(role, refusals);

    const r = quote(role);
    const schema = quote(APP_SCHEMA);
    const statements = [
      `GRANT CONNECT ON DATABASE ${quote(facts!.database)} TO ${r}`,
      `GRANT USAGE ON SCHEMA ${schema} TO ${r}`,
      // Whatever the role held before (by an earlier grant of ours) is replaced, not added to.
      `REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${r}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${r}`,
      ...APPEND_ONLY_TABLES.map(
        (table) => `REVOKE UPDATE, DELETE ON ${schema}.${quote(table)} FROM ${r}`,
      ),
      `REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${schema} FROM ${r}`,
      `GRANT USAGE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${r}`,
      // Tables and sequences that later migrations create, as long as the same owner runs them.
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${quote(owner)} IN SCHEMA ${schema} ` +
        `GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${quote(owner)} IN SCHEMA ${schema} ` +
        `GRANT USAGE ON SEQUENCES TO ${r}`,
      // Start-up reads which migrations are applied, to stop when the schema is behind the build.
      `GRANT USAGE ON SCHEMA ${quote(MIGRATIONS_SCHEMA)} TO ${r}`,
      `REVOKE ALL ON ${quote(MIGRATIONS_SCHEMA)}.${quote(MIGRATIONS_TABLE)} FROM ${r}`,
      `GRANT SELECT ON ${quote(MIGRATIONS_SCHEMA)}.${quote(MIGRATIONS_TABLE)} TO ${r}`,
    ];
    await query('BEGIN');
    try {
      for (const statement of statements) {
        log(`${statement};`);
        await query(statement);
      }
      // A privilege held through PUBLIC or another role, or a grant that did not take (a GRANT
      // by a role without the right only warns), shows here: then nothing is committed.
      const problems = await privilegeProblems(query, role);
      if (problems.length > 0) throw new AppRoleGrantError(role, problems);
      await query('COMMIT');
    } catch (error) {
      await query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

/** What makes a role unfit before anything is granted: it could change audit_log whatever we grant. */
async function refusalsOf(query: Database['query'], role: string): Promise<string[]> {
  const [found] = await query<{
    rolsuper: boolean;
    rolreplication: boolean;
    rolbypassrls: boolean;
  }>('SELECT rolsuper, rolreplication, rolbypassrls FROM pg_catalog.pg_roles WHERE rolname = $1', [
    role,
  ]);
  if (!found) {
    return [`it does not exist: create it first (CREATE ROLE ${quote(role)} LOGIN PASSWORD '...')`];
  }
  const problems: string[] = [];
  if (found.rolsuper)
    problems.push('it is a superuser, which bypasses every privilege and trigger');
  if (found.rolreplication) problems.push('it has REPLICATION');
  if (found.rolbypassrls) problems.push('it has BYPASSRLS');
  // An owner, a member of an owner, or the owner of the schema (who may drop what is in it) can
  // drop or disable triggers, or replace the function they call.
  const owned = await query<{ what: string; owner: string }>(
    `SELECT 'database ' || d.datname AS what, pg_get_userbyid(d.datdba) AS owner
       FROM pg_catalog.pg_database d
      WHERE d.datname = current_database() AND pg_has_role($1::name, d.datdba, 'MEMBER')
     UNION ALL
     SELECT 'schema ' || n.nspname, pg_get_userbyid(n.nspowner)
       FROM pg_catalog.pg_namespace n
      WHERE n.nspname = ANY($2::text[]) AND pg_has_role($1::name, n.nspowner, 'MEMBER')
     UNION ALL
     SELECT 'table ' || n.nspname || '.' || c.relname, pg_get_userbyid(c.relowner)
       FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($2::text[]) AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
        AND pg_has_role($1::name, c.relowner, 'MEMBER')
     UNION ALL
     SELECT 'function ' || n.nspname || '.' || p.proname, pg_get_userbyid(p.proowner)
       FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = ANY($2::text[]) AND pg_has_role($1::name, p.proowner, 'MEMBER')
     ORDER BY 1`,
    [role, [APP_SCHEMA, MIGRATIONS_SCHEMA]],
  );
  if (owned.length > 0) {
    const shown = owned.slice(0, 5).map((o) => `${o.what} (owner ${o.owner})`);
    if (owned.length > 5) shown.push(`${owned.length - 5} more`);
    problems.push(`it owns, or is a member of the owner of: ${shown.join(', ')}`);
  }
  return problems;
}

/** Every way the role's privileges differ from the intended ones, checked as PostgreSQL sees them. */
async function privilegeProblems(query: Database['query'], role: string): Promise<string[]> {
  const problems: string[] = [];
  const tables = await query<{
    name: string;
    select: boolean;
    insert: boolean;
    update: boolean;
    delete: boolean;
    truncate: boolean;
    references: boolean;
    trigger: boolean;
  }>(
    `SELECT c.relname AS name,
            has_table_privilege($1::name, c.oid, 'SELECT') AS select,
            has_table_privilege($1::name, c.oid, 'INSERT') AS insert,
            has_any_column_privilege($1::name, c.oid, 'UPDATE') AS update,
            has_table_privilege($1::name, c.oid, 'DELETE') AS delete,
            has_table_privilege($1::name, c.oid, 'TRUNCATE') AS truncate,
            has_table_privilege($1::name, c.oid, 'REFERENCES') AS references,
            has_table_privilege($1::name, c.oid, 'TRIGGER') AS trigger
       FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $2::text AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`,
    [role, APP_SCHEMA],
  );
  const appendOnly = new Set<string>(APPEND_ONLY_TABLES);
  for (const table of tables) {
    const appendOnlyTable = appendOnly.has(table.name);
    const expected = {
      select: true,
      insert: true,
      update: !appendOnlyTable,
      delete: !appendOnlyTable,
      truncate: false,
      references: false,
      trigger: false,
    };
    for (const [privilege, wanted] of Object.entries(expected)) {
      const held = table[privilege as keyof typeof expected];
      if (held !== wanted) {
        problems.push(
          `${wanted ? 'lacks' : 'holds'} ${privilege.toUpperCase()} on ${APP_SCHEMA}.${table.name}`,
        );
      }
    }
  }
  const [other] = await query<{
    connect: boolean;
    usage: boolean;
    create: boolean;
    migrationsUsage: boolean;
    migrationsCreate: boolean;
    migrationsRead: boolean;
    migrationsWrite: boolean;
    sequencesWithoutUsage: string[] | null;
    version: number;
  }>(
    `SELECT has_database_privilege($1::name, current_database(), 'CONNECT') AS connect,
            has_schema_privilege($1::name, $2::text, 'USAGE') AS usage,
            has_schema_privilege($1::name, $2::text, 'CREATE') AS create,
            has_schema_privilege($1::name, $3::text, 'USAGE') AS "migrationsUsage",
            has_schema_privilege($1::name, $3::text, 'CREATE') AS "migrationsCreate",
            has_table_privilege($1::name, $4::text, 'SELECT') AS "migrationsRead",
            has_table_privilege($1::name, $4::text, 'INSERT, UPDATE, DELETE, TRUNCATE') AS "migrationsWrite",
            (SELECT array_agg(c.relname ORDER BY c.relname)
               FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = $2::text
                -- CASE: the planner may test a row before its relkind (has_sequence_privilege throws).
                AND CASE WHEN c.relkind = 'S' THEN NOT has_sequence_privilege($1::name, c.oid, 'USAGE')
                         ELSE false END) AS "sequencesWithoutUsage",
            current_setting('server_version_num')::int AS version`,
    [role, APP_SCHEMA, MIGRATIONS_SCHEMA, `${quote(MIGRATIONS_SCHEMA)}.${quote(MIGRATIONS_TABLE)}`],
  );
  if (!other!.connect) problems.push('lacks CONNECT on the database (grant it as its owner)');
  if (!other!.usage) problems.push(`lacks USAGE on schema ${APP_SCHEMA}`);
  if (other!.create) {
    problems.push(
      `holds CREATE on schema ${APP_SCHEMA} (PUBLIC's default before PostgreSQL 15): as the ` +
        `schema's owner, REVOKE CREATE ON SCHEMA ${APP_SCHEMA} FROM PUBLIC and grant it to the ` +
        'role that runs the migrations',
    );
  }
  if (!other!.migrationsUsage || !other!.migrationsRead) {
    problems.push(`cannot read ${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`);
  }
  if (other!.migrationsCreate) problems.push(`holds CREATE on schema ${MIGRATIONS_SCHEMA}`);
  if (other!.migrationsWrite) problems.push(`may change ${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`);
  for (const sequence of other!.sequencesWithoutUsage ?? []) {
    problems.push(`lacks USAGE on sequence ${APP_SCHEMA}.${sequence}`);
  }
  // Since PostgreSQL 15 a superuser may let another role set a superuser-only parameter.
  if (other!.version >= 150000) {
    const [parameter] = await query<{ granted: boolean }>(
      `SELECT has_parameter_privilege($1::name, 'session_replication_role', 'SET') AS granted`,
      [role],
    );
    if (parameter!.granted) problems.push('may SET session_replication_role, which skips triggers');
  }
  return problems;
}
