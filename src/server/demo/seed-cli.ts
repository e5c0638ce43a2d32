/** `npm run db:seed`: seeds the demo event into an empty database (a no-op otherwise) and exits. */
import { loadConfig } from '#server/config.js';
import { AppEvents } from '#server/events/app-events.js';
import { createPhoneHasher } from '#server/payments/index.js';
import { seedDemoEvent } from './seed.js';
import { withCliDatabase } from '#server/db/with-cli-database.js';

const config = loadConfig();
process.exitCode = await withCliDatabase(config, 'db:seed', async (database) => {
  const result = await seedDemoEvent({
    db: database.db,
    database,
    events: new AppEvents(),
    hashPhone: createPhoneHasher(config),
  });
  console.log(
    result.created
      ? `Seeded the demo event: ${JSON.stringify(result.summary)}`
      : 'Database not empty: nothing seeded.',
  );
});
