import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.js';
import { auditLog } from '#server/db/schema.js';
import { currentEditionId } from '#server/features/editions/current-edition.js';
import { getAuth } from '#server/features/auth/current-user.js';
import type { AuditAction, AuditEntityType } from '#shared/schemas/audit.js';

/** Who made a change: the signed-in organiser, or null for the system (a job, the CLI). */
export interface AuditActor {
  id: string | null;
  email: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, email: null };

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | null;
  /** The values as they were and as they are now (JSON); null for a creation or a deletion. */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /**
   * The edition the change belongs to, when the entity may be gone by the time the row is written;
   * otherwise read from the entity (an event setting: the current edition; an artist: none).
   */
  editionId?: number | null;
}

export async function auditActorOf(request: FastifyRequest): Promise<AuditActor> {
  const { user } = await getAuth(request);
  return user ? { id: user.id, email: user.email } : SYSTEM_ACTOR;
}

/**
 * Appends one row. Pass the transaction that makes the change, so the row and the change commit
 * or roll back together.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    editionId: entry.editionId === undefined ? editionOf(entry) : entry.editionId,
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

/** The edition of the entity an entry is about, read in the statement that writes the entry. */
function editionOf(entry: AuditEntry): SQL<number | null> | null {
  const id = entry.entityId ?? null;
  switch (entry.entityType) {
    case 'event':
      return currentEditionId;
    case 'edition':
      // An edition's own entries name it (editionId): its id is a number, entityId its text.
      return null;
    case 'category':
      return sql`(SELECT edition_id FROM categories WHERE id::text = ${id})`;
    case 'payment':
      return sql`(SELECT edition_id FROM payments WHERE id::text = ${id})`;
    case 'artist':
      return null;
  }
}
