/** `npm run db:migrate`: applies committed migrations to the configured database and exits. */
import { loadConfig } from '#server/config.js';
import { withCliDatabase } from './with-cli-database.js';

process.exitCode = await withCliDatabase(loadConfig(), 'db:migrate', async () => {
  console.log('Migrations applied.');
});
