import type { Db } from '#server/db/client.js';
import { auditLog } from '#server/db/schema.js';
import { recordAudit, SYSTEM_ACTOR, type AuditEntry } from '#server/features/audit/record-audit.js';

type NewAuditRow = typeof auditLog.$inferInsert;

/**
 * Audit rows as they are stored, with a chosen time: the trail as a day of organising left it,
 * for tests of reading it. Rows the routes write are tested through the routes themselves.
 */
export async function createAuditEntries(db: Db, rows: NewAuditRow[]) {
  return db.insert(auditLog).values(rows).returning();
}

/** An audit row written by recordAudit() as the app writes one, by the system itself. */
export async function recordSystemAudit(db: Db, entry: AuditEntry) {
  return recordAudit(db, SYSTEM_ACTOR, entry);
}
