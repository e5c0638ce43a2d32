import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { HIDE_COUNTS_HOURS_MAX } from '#shared/schemas/event';
import { ApiError } from '#client/lib/api-error';
import { apiErrorDetails } from '#client/lib/api-error-details';
import { fieldOfPath } from './event-form-values';
import { formErrors, type FormErrors } from '../form-errors';

/**
 * The shared schema's problems with the event settings, under the Event tab's fields and in the
 * interface language (the schema's own messages are English).
 */
export function eventFormErrors(error: z.ZodError, t: TFunction<'admin'>): FormErrors {
  const generic = formErrors(error, t);
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    const field = fieldOfPath(path);
    if (field in errors) continue;
    if (path === 'hideCountsHoursBeforeClose') {
      errors[field] =
        issue.code === 'custom'
          ? t('event.validation.hideNeedsClose')
          : t('event.validation.hours', { max: HIDE_COUNTS_HOURS_MAX });
    } else if (path === 'votingClosesAt' && issue.code === 'custom') {
      errors[field] = t('event.validation.closeAfterOpen');
    } else if (path.startsWith('prices.')) {
      errors[field] = t('event.validation.price');
    } else if (path === 'timezone') {
      errors[field] = t('event.validation.timezone');
    } else if (path === 'votingOpensAt' || path === 'votingClosesAt') {
      errors[field] = t('event.validation.invalidDate');
    } else {
      errors[field] = generic[path] ?? issue.message;
    }
  }
  return errors;
}

/** A 400 from PUT /api/admin/event: each of the server's problems under its field. */
export function serverFormErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const details = apiErrorDetails(error);
  if (!Array.isArray(details)) return {};
  const errors: FormErrors = {};
  for (const issue of details) errors[fieldOfPath(issue.path)] ??= issue.message;
  return errors;
}
