import { sql, type SQL } from 'drizzle-orm';

/**
 * Ids written out as an array, one parameter each (`ARRAY[$1, $2]::uuid[]`). Each length is then a
 * text of its own, prepared once per connection (named-statements.ts), whose plan PostgreSQL keeps:
 * with the whole list in one parameter (`string_to_array($1, ',')`), it could not cost a kept plan
 * for every length, and planned a settlement's receipt and lock statements again on every run (0.1
 * to 0.4 ms each under `npm run bench -- mixed-load`).
 */
export function uuidList(ids: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}
