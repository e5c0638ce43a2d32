import path from 'node:path';
import { test } from './fixtures.js';
import {
  atWidths,
  createTourData,
  tourEveryScreen,
  type Language,
  type Stop,
} from './screen-tour.js';

/*
 * `npm run screens`: every screen and dialog of the tour pictured at 390 and 1280 px, in English
 * and French, for people to look at (test-results/screens/, with an index page). Outside
 * `npm test`: its own project, run only by that command.
 */

const SCREENS_DIR = path.resolve('test-results', 'screens');
const WIDTHS = [390, 1280];

/** 'admin, activity details' → 'admin-activity-details'. */
const fileName = (stop: Stop) =>
  stop.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

for (const language of ['en', 'fr'] as const satisfies readonly Language[]) {
  test(`pictures of every screen and dialog (${language})`, async ({
    page,
    db,
    allowConsole,
    eventServerTurn,
  }) => {
    test.setTimeout(300_000);
    const data = await createTourData(db);
    let index = 0;
    const picture = async (stop: Stop) => {
      index += 1;
      await atWidths(page, stop, WIDTHS, async (width) => {
        const name = `${String(index).padStart(2, '0')}-${fileName(stop)}-${width}-${language}.png`;
        await page.screenshot({ path: path.join(SCREENS_DIR, name) });
      });
    };
    await tourEveryScreen(page, db, allowConsole, language, data, eventServerTurn, picture);
  });
}
