import { z } from 'zod';
import { dayRangeAndPaging, fromNotAfterTo } from './day-range-query.js';
import { safeText } from './safe-text.js';
import { editionQuerySchema } from './edition.js';

/**
 * The audit trail: one row per organiser change. Actions are named `<entity>.<verb>`; the money
 * corrections (refunds, disputes, manual reviews) add their own actions to this list.
 */
export const AUDIT_ACTIONS = [
  'event.update',
  'event.publish-results',
  'edition.create',
  'edition.make-current',
  'edition.archive',
  'artist.create',
  'artist.update',
  'artist.delete',
  'artist.restore',
  'category.create',
  'category.update',
  'category.delete',
  'payments.check-campay',
  'payment.refund',
  'payment.credit',
  'payment.hold',
  'payment.clear-flags',
  'payment.resend-receipt',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AUDIT_ENTITY_TYPES = ['event', 'edition', 'artist', 'category', 'payment'] as const;
export const auditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);
export type AuditEntityType = z.infer<typeof auditEntityTypeSchema>;

/** The actor filter matches this many characters at most: an e-mail is at most 320. */
const ACTOR_FILTER_MAX = 320;

/**
 * Query of GET /api/admin/audit-log and its CSV export. `actor` matches any part of the e-mail,
 * ignoring case ('alice' finds alice@example.com). Dates are local days in `tz`, both included,
 * read the way voter tracking reads them. `edition` names whose entries are read, with the shared
 * ones (the current edition's when left out).
 */
export const auditLogQuerySchema = z
  .object({
    ...editionQuerySchema.shape,
    action: z.enum(['all', ...AUDIT_ACTIONS]).optional(),
    actor: safeText({ label: 'actor', trim: true })
      .max(ACTOR_FILTER_MAX, 'actor is too long')
      .optional(),
    ...dayRangeAndPaging,
  })
  .strict()
  .refine(...fromNotAfterTo);
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
export type AuditLogQueryInput = z.input<typeof auditLogQuerySchema>;

/**
 * One recorded change. `action` and `entityType` are read as plain strings: rows written by a
 * newer build (the money corrections add actions) must still be listed by this one.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** The organiser's e-mail at the time, or null for the system (a job, the CLI). */
  actor: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The record's meaningful fields as JSON; null before a creation and after a deletion. */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One page of the trail, newest first; `total` counts the whole filtered set. */
export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

export const AUDIT_CSV_COLUMNS = [
  'ID',
  'At',
  'Actor',
  'Action',
  'Entity Type',
  'Entity ID',
  'Changed Fields',
  'Before',
  'After',
  'Reason',
] as const;
