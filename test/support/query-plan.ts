import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';

/** A node of PostgreSQL's plan, as `EXPLAIN (FORMAT JSON)` gives it: the fields tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

/**
 * The plan PostgreSQL makes for `query`, with a table read whole ruled out (and bitmap scans too,
 * when asked): on an empty test table a scan of it always wins, so what is left is which index
 * each read takes, and in what order.
 */
export function planOf(db: Db, query: SQL, options: { bitmaps?: boolean } = {}) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    if (options.bitmaps === false) await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      await tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`),
    );
    return row!['QUERY PLAN'][0].Plan;
  });
}
