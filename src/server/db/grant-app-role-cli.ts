/**
 * `npm run db:grant-app-role -- <role>`: gives an existing PostgreSQL role exactly the privileges
 * the app needs (rows, not the schema; audit_log only read and appended to), connecting as the
 * schema's owner (DATABASE_MIGRATION_URL, else DATABASE_URL). Run it after `npm run db:migrate`;
 * see docs/operations.md.
 */
import { loadSchemaToolConfig } from '#server/config.js';
import { AppRoleGrantError, grantAppRole } from './app-role-grants.js';
import { withCliDatabase } from './with-cli-database.js';

const USAGE = 'Usage: npm run db:grant-app-role -- <role>';

async function main(argv: string[]): Promise<number> {
  const [role, ...extra] = argv;
  if (!role || role.startsWith('-') || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadSchemaToolConfig();
  if (config.database.kind !== 'postgres') {
    console.error(
      'db:grant-app-role: set DATABASE_URL (and DATABASE_MIGRATION_URL): the embedded database ' +
        '(PGlite) has no roles.',
    );
    return 1;
  }
  let refused: AppRoleGrantError | undefined;
  const code = await withCliDatabase(
    config,
    'db:grant-app-role',
    async (database) => {
      try {
        await grantAppRole(database, role, (line) => console.log(line));
      } catch (error) {
        if (!(error instanceof AppRoleGrantError)) throw error;
        refused = error;
      }
    },
    'owner',
  );
  if (refused) {
    console.error(`db:grant-app-role: ${refused.message}\nNothing was granted.`);
    return 1;
  }
  if (code === 0) console.log(`Granted the app's privileges to "${role}".`);
  return code;
}

process.exitCode = await main(process.argv.slice(2));
