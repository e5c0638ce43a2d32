import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An admin API call with a session's headers and an optional JSON body. */
export function adminRequest(
  app: FastifyInstance,
  headers: Record<string, string>,
  method: Method,
  url: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** Everything an admin request could change, as one comparable string. */
export async function catalogueFingerprint(app: FastifyInstance): Promise<string> {
  const result = (await app.ctx.db.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(c ORDER BY c.id), '[]') FROM categories c)::text AS categories,
      (SELECT coalesce(json_agg(a ORDER BY a.id), '[]') FROM artists a)::text AS artists,
      (SELECT coalesce(json_agg(n ORDER BY n.id), '[]') FROM nominations n)::text AS nominations,
      (SELECT count(*) FROM payment_votes)::text AS votes`)) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return JSON.stringify(result.rows[0]);
}
