import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.js';

/** Everything an admin request could change, as one comparable string. */
export async function catalogueFingerprint(app: FastifyInstance): Promise<string> {
  const [row] = rowsOf<Record<string, string>>(
    await app.ctx.db.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(c ORDER BY c.id), '[]') FROM categories c)::text AS categories,
      (SELECT coalesce(json_agg(a ORDER BY a.id), '[]') FROM artists a)::text AS artists,
      (SELECT coalesce(json_agg(n ORDER BY n.id), '[]') FROM nominations n)::text AS nominations,
      (SELECT count(*) FROM payment_votes)::text AS votes`),
  );
  return JSON.stringify(row);
}
