import { z } from 'zod';

/**
 * The audit trail: one row per organiser change. Actions are named `<entity>.<verb>`; the money
 * corrections (refunds, disputes, manual reviews) add their own actions to this list.
 */
export const AUDIT_ACTIONS = [
  'event.update',
  'event.publish-results',
  'artist.create',
  'artist.update',
  'artist.delete',
  'artist.restore',
  'category.create',
  'category.update',
  'category.delete',
  'payments.check-campay',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AUDIT_ENTITY_TYPES = ['event', 'artist', 'category', 'payment'] as const;
export const auditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);
export type AuditEntityType = z.infer<typeof auditEntityTypeSchema>;
