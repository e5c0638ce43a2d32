import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import { describePostgres } from '#test/support/test-database.js';
import { openDatabase, type Database } from './client.js';
import { StatementNames } from './named-statements.js';

describe('the names of repeated statements', () => {
  it('are given from the third run, one name for one text', () => {
    const names = new StatementNames();
    const text = 'SELECT status FROM payments WHERE id = $1';
    expect(names.nameFor(text)).toBeUndefined();
    expect(names.nameFor(text)).toBeUndefined();
    const name = names.nameFor(text);
    expect(name).toMatch(/^s[\w-]{22}$/);
    expect(names.nameFor(text)).toBe(name);
    const other = 'SELECT amount FROM payments WHERE id = $1';
    for (let i = 0; i < 3; i++) names.nameFor(other);
    expect(names.nameFor(other)).not.toBe(name);
  });

  it("are never given to a statement that expands a table's columns with a star", () => {
    const names = new StatementNames();
    const run = (text: string) => [1, 2, 3, 4].map(() => names.nameFor(text)).at(-1);
    expect(run('SELECT * FROM payments WHERE id = $1')).toBeUndefined();
    expect(run('SELECT p.* FROM payments p WHERE p.id = $1')).toBeUndefined();
    expect(run('SELECT id, p.* FROM payments p WHERE p.id = $1')).toBeUndefined();
    expect(run('UPDATE payments SET status = $1 RETURNING *')).toBeUndefined();
    // Counting, and a recordset whose columns the statement declares, are no such star.
    expect(run('SELECT count(*) FROM payments WHERE status = $1')).toBeDefined();
    expect(
      run('WITH u AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS u(id uuid)) SELECT id FROM u'),
    ).toBeDefined();
  });
});

describePostgres('repeated statements on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let named: Database;
  let unnamed: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase('palmares_named');
    named = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    unnamed = await openDatabase({
      kind: 'postgres',
      url: scratch.url,
      poolSize: 2,
      namedStatements: false,
    });
    await named.query('CREATE TABLE things (id int PRIMARY KEY, label text)');
    await named.query("INSERT INTO things VALUES (1, 'one'), (2, 'two')");
  });
  afterAll(async () => {
    await named?.close();
    await unnamed?.close();
    await scratch?.drop();
  });

  const LABEL = 'SELECT label FROM things WHERE id = $1';
  const prepared = (query: Database['query']) =>
    query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');

  it('are prepared once per connection, and keep answering after a column is added', async () => {
    await named.withConnection(async (_db, query) => {
      for (let id = 1; id <= 4; id++) {
        expect(await query(LABEL, [(id % 2) + 1])).toEqual([{ label: id % 2 ? 'two' : 'one' }]);
      }
      expect((await prepared(query)).map((row) => row.statement)).toContain(LABEL);
      // A rolling deploy: another instance's migration adds a column meanwhile.
      await query('ALTER TABLE things ADD COLUMN note text');
      expect(await query(LABEL, [1])).toEqual([{ label: 'one' }]);
    });
  });

  it('stay unnamed when turned off', async () => {
    await unnamed.withConnection(async (_db, query) => {
      for (let i = 0; i < 4; i++) await query(LABEL, [1]);
      expect(await prepared(query)).toEqual([]);
    });
  });
});
