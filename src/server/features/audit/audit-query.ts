import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.js';
import { auditLog } from '#server/db/schema.js';
import { nextDay, startOfZonedDay } from '#server/time/zoned-time.js';
import type { AuditEntry, AuditLogQuery, AuditLogResponse } from '#shared/schemas/audit.js';

type AuditRow = typeof auditLog.$inferSelect;

/**
 * The filtered set as the two sets it is made of: the edition's entries, and the shared ones no
 * edition owns (artists' profiles); dates are local days in `tz`, `to` included. Read apart, each
 * comes from the index on (edition_id, at, id): one condition with OR between them is answered by
 * reading every edition's entries.
 */
function auditSets(query: AuditLogQuery, editionId: number): [SQL, SQL] {
  const conditions: SQL[] = [];
  if (query.action && query.action !== 'all') conditions.push(eq(auditLog.action, query.action));
  if (query.actor) {
    // Any part of the e-mail, ignoring case; the organiser's % and _ are taken literally.
    const literal = query.actor.replace(/[\\%_]/g, '\\$&');
    conditions.push(ilike(auditLog.actorEmail, `%${literal}%`));
  }
  if (query.from) conditions.push(gte(auditLog.at, startOfZonedDay(query.from, query.tz)));
  if (query.to) conditions.push(lt(auditLog.at, startOfZonedDay(nextDay(query.to), query.tz)));
  return [
    and(eq(auditLog.editionId, editionId), ...conditions)!,
    and(isNull(auditLog.editionId), ...conditions)!,
  ];
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorEmail,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}

/** One page of an edition's trail, newest first, and the size of the whole filtered set. */
export async function queryAuditLog(
  db: Db,
  query: AuditLogQuery,
  editionId: number,
): Promise<AuditLogResponse> {
  const sets = auditSets(query, editionId);
  const offset = (query.page - 1) * query.pageSize;
  // Fresh each time: a set operation rewrites the columns of its own ORDER BY in place.
  const newestFirst = () => [desc(auditLog.at), desc(auditLog.id)];
  // Each set's newest entries down to the end of the page, then the page of them both.
  const newest = (where: SQL) =>
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...newestFirst())
      .limit(offset + query.pageSize);
  const countOf = async (where: SQL) => {
    const [row] = await db.select({ total: count() }).from(auditLog).where(where);
    return Number(row?.total ?? 0);
  };
  const [rows, ...totals] = await Promise.all([
    unionAll(newest(sets[0]), newest(sets[1]))
      .orderBy(...newestFirst())
      .limit(query.pageSize)
      .offset(offset),
    ...sets.map(countOf),
  ]);
  return {
    entries: rows.map(toAuditEntry),
    total: totals.reduce((sum, n) => sum + n, 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Every entry of an edition's filtered set, newest first, in keyset-paged batches, so an export never holds
 * more than one batch in memory. The cursor is the timestamp's text: a JavaScript Date would drop
 * its microseconds and skip or repeat rows.
 */
export async function* streamAuditBatches(
  db: Db,
  query: AuditLogQuery,
  editionId: number,
  batchSize = 1000,
): AsyncGenerator<AuditRow[]> {
  let after: { cursor: string; id: number } | undefined;
  // The export walks the whole set newest first along the (at, id) index: one condition serves.
  const where = or(...auditSets(query, editionId));
  for (;;) {
    const batch = await db
      .select({ row: auditLog, cursor: sql<string>`${auditLog.at}::text` })
      .from(auditLog)
      .where(
        and(
          where,
          after
            ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.cursor}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(batchSize);
    if (batch.length > 0) yield batch.map((b) => b.row);
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    after = { cursor: last.cursor, id: last.row.id };
  }
}
