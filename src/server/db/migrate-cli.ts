/**
 * `npm run db:migrate`: applies committed migrations to the configured database and exits. On
 * PostgreSQL it connects as the schema's owner: DATABASE_MIGRATION_URL, else DATABASE_URL.
 */
import { loadSchemaToolConfig } from '#server/config.js';
import { withCliDatabase } from './with-cli-database.js';

process.exitCode = await withCliDatabase(
  loadSchemaToolConfig(),
  'db:migrate',
  async () => {
    console.log('Migrations applied.');
  },
  'migrate',
);
