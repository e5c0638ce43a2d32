import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Runs of one statement's text before it is named: a statement run once or twice stays unnamed. */
const NAMED_AFTER_RUNS = 3;
/**
 * The most texts named per process, so each pooled connection holds at most this many prepared
 * statements in PostgreSQL; statements past it run unnamed as before. The app has a few hundred.
 */
const MAX_NAMED_TEXTS = 500;
/** Texts counted but not yet named; past this the count starts again, so odd texts cannot pile up. */
const MAX_COUNTED_TEXTS = 5_000;

/**
 * A star that expands a table's columns (`SELECT *`, `t.*`, `RETURNING *`): a statement kept
 * prepared across a migration that adds a column to that table would fail ("cached plan must not
 * change result type") on an instance still running during a rolling deploy. A recordset whose
 * columns the statement itself declares (`SELECT * FROM jsonb_to_recordset(...) AS u(...)`) has no
 * such table.
 */
const TABLE_STAR = /(?:\bselect|\breturning|,|\w\.)\s*\*(?!\s+from\s+jsonb_to_recordset\()/i;

type QueryArgs = [unknown, ...unknown[]];

/**
 * Names the statements the app runs again and again, so PostgreSQL parses and plans each once per
 * connection and keeps its plan (a prepared statement) instead of planning it on every run.
 * node-postgres sends a named statement's text once per connection and then only its name and
 * parameters. Planning was about half of PostgreSQL's CPU under the mixed load
 * (`npm run bench -- mixed-load`).
 *
 * A text is named after NAMED_AFTER_RUNS runs, by a digest of itself, so one name always means one
 * text. Not named: a statement without parameters (node-postgres sends those in one message
 * already), one that expands a table's columns with a star (TABLE_STAR), and any past
 * MAX_NAMED_TEXTS.
 */
export class StatementNames {
  private readonly runs = new Map<string, number>();
  private readonly names = new Map<string, string>();

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined) return named;
    if (this.names.size >= MAX_NAMED_TEXTS || TABLE_STAR.test(text)) return undefined;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs < NAMED_AFTER_RUNS) {
      if (this.runs.size >= MAX_COUNTED_TEXTS) this.runs.clear();
      this.runs.set(text, runs);
      return undefined;
    }
    this.runs.delete(text);
    const name = `s${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * Makes `client` run its repeated statements named. Only the query-config form is touched (the
   * one Drizzle and `pool.query(text, params)` reach `Client.query` with, the latter as text and
   * values); anything already named, a stream, or a text without values goes through as it came.
   */
  nameOn(client: pg.PoolClient): void {
    const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
    const named = (...args: QueryArgs): unknown => {
      const [first, second] = args;
      if (typeof first === 'string' && Array.isArray(second) && second.length > 0) {
        const name = this.nameFor(first);
        if (name) args = [{ name, text: first, values: second }, ...args.slice(2)];
      } else if (isUnnamedConfig(first) && hasValues(first, second)) {
        const name = this.nameFor(first.text);
        if (name) args = [{ ...first, name }, ...args.slice(1)];
      }
      return query(...args);
    };
    Object.assign(client, { query: named });
  }
}

interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown;
}

function isUnnamedConfig(value: unknown): value is QueryConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as { text?: unknown; name?: unknown; submit?: unknown };
  return typeof config.text === 'string' && !config.name && config.submit === undefined;
}

function hasValues(config: QueryConfig, second: unknown): boolean {
  const values = Array.isArray(second) ? second : config.values;
  return Array.isArray(values) && values.length > 0;
}
