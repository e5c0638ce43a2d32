import { z } from 'zod';

/**
 * One place where the books do not balance:
 * - `tally`: a nomination's count is not the sum of the votes its payments keep in it;
 * - `payment`: a payment keeps other votes in the tallies than its money covers (the refund and
 *   dispute rule), or a payment that never completed keeps any;
 * - `trending`: a nomination's hourly counts do not add up to its count.
 */
export const integrityDifferenceSchema = z.object({
  kind: z.enum(['tally', 'payment', 'trending']),
  id: z.uuid(),
  expected: z.number().int(),
  actual: z.number().int(),
});
export type IntegrityDifference = z.infer<typeof integrityDifferenceSchema>;

/** GET /api/admin/integrity */
export const integrityReportSchema = z.object({
  ok: z.boolean(),
  checkedAt: z.iso.datetime({ offset: true }),
  differences: z.array(integrityDifferenceSchema),
});
export type IntegrityReport = z.infer<typeof integrityReportSchema>;
