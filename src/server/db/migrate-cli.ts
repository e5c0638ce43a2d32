/** `npm run db:migrate`: applies committed migrations to the configured database and exits. */
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './open-configured.js';

const database = await openConfiguredDatabase(loadConfig());
await database.close();
console.log('Migrations applied.');
