/** `npm run db:seed`: seeds the demo event into an empty database (a no-op otherwise) and exits. */
import { loadConfig } from '../config.js';
import { AppEvents } from '../events/app-events.js';
import { openConfiguredDatabase } from './open-configured.js';
import { seedDemoEvent } from './seed.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const result = await seedDemoEvent({ db: database.db, database, events: new AppEvents(), config });
await database.close();
console.log(
  result.created
    ? `Seeded the demo event: ${JSON.stringify(result.summary)}`
    : 'Database not empty: nothing seeded.',
);
