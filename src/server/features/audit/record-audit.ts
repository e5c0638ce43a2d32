import type { FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.js';
import { auditLog } from '#server/db/schema.js';
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
