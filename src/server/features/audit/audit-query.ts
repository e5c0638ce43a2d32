import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { auditLog } from '#server/db/schema.js';
import { nextDay, startOfZonedDay } from '#server/time/zoned-time.js';
import type { AuditEntry, AuditLogQuery, AuditLogResponse } from '#shared/schemas/audit.js';

type AuditRow = typeof auditLog.$inferSelect;

/**
 * Conditions of the filtered set: the edition's entries and the shared ones no edition owns
 * (artists' profiles); dates are local days in `tz`, `to` included.
 */
function auditConditions(query: AuditLogQuery, editionId: number): SQL | undefined {
  const conditions: SQL[] = [or(eq(auditLog.editionId, editionId), isNull(auditLog.editionId))!];
  if (query.action && query.action !== 'all') conditions.push(eq(auditLog.action, query.action));
  if (query.actor) {
    // Any part of the e-mail, ignoring case; the organiser's % and _ are taken literally.
    const literal = query.actor.replace(/[\\%_]/g, '\\$&');
    conditions.push(ilike(auditLog.actorEmail, `%${literal}%`));
  }
  if (query.from) conditions.push(gte(auditLog.at, startOfZonedDay(query.from, query.tz)));
  if (query.to) conditions.push(lt(auditLog.at, startOfZonedDay(nextDay(query.to), query.tz)));
  return and(...conditions);
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
  const where = auditConditions(query, editionId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map(toAuditEntry),
    total: Number(counted?.total ?? 0),
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
  const where = auditConditions(query, editionId);
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
