import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';

const opened: Database[] = [];
const open = async (loadDataDir?: Blob) => {
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir });
  opened.push(database);
  return database;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

// Two PGlite databases started from nothing (most tests copy a migrated template instead): each
// start runs initdb in WebAssembly, tens of seconds on one busy core.
const TWO_FRESH_STARTS_MS = 120_000;

it(
  'opens an in-memory PGlite from a copy of another one, apart from it',
  { timeout: TWO_FRESH_STARTS_MS },
  async () => {
    const original = await open();
    await original.query('CREATE TABLE notes (body text)');
    await original.query(`INSERT INTO notes VALUES ('before the copy')`);
    const copy = await open(await original.dumpDataDir!());
    await original.query(`INSERT INTO notes VALUES ('after the copy')`);
    await copy.query(`INSERT INTO notes VALUES ('in the copy')`);

    expect(await copy.query('SELECT body FROM notes ORDER BY body')).toEqual([
      { body: 'before the copy' },
      { body: 'in the copy' },
    ]);
    expect(await original.query('SELECT body FROM notes ORDER BY body')).toEqual([
      { body: 'after the copy' },
      { body: 'before the copy' },
    ]);
  },
);
