import { z } from 'zod';
import { TRACKING_PAGE_SIZES } from '#shared/limits.js';
import { outsideYearsMessage, withinAcceptedYears } from './calendar-years.js';

export const DEFAULT_LIST_TIMEZONE = 'Africa/Lagos';

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const isoDate = z.iso
  .date({ message: 'must be a date (YYYY-MM-DD)' })
  .refine(withinAcceptedYears, outsideYearsMessage('The date'));

/**
 * The query fields every admin list with a date range and pages shares (voter tracking, the audit
 * trail): `from` and `to` are local days in `tz`, both included; `page` counts from 1.
 */
export const dayRangeAndPaging = {
  from: isoDate.optional(),
  to: isoDate.optional(),
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, 'must be an IANA time zone')
    .default(DEFAULT_LIST_TIMEZONE),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .refine((n) => (TRACKING_PAGE_SIZES as readonly number[]).includes(n), {
      message: `must be one of ${TRACKING_PAGE_SIZES.join(', ')}`,
    })
    .default(50),
};

/** Refinement for a query built on `dayRangeAndPaging`: the range must not run backwards. */
export const fromNotAfterTo: [
  (q: { from?: string | undefined; to?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (q) => !q.from || !q.to || q.from <= q.to,
  { message: 'from must not be after to', path: ['from'] },
];
