import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { DUPLICATE_CATEGORY_MESSAGE } from '#shared/schemas/admin';

/** Field path ('name', 'nominations.0.nominationTitle') to the message shown under it. */
export type FormErrors = Record<string, string>;

const IMAGE_FIELDS = new Set(['photoUrl', 'backgroundImageUrl', 'nominationPhotoUrl']);

/**
 * The shared schemas validate forms exactly as the server does; their messages are English, so
 * each issue is put into the interface language from its kind and field.
 */
function messageFor(issue: z.core.$ZodIssue, t: TFunction<'admin'>): string {
  const field = String(issue.path.at(-1) ?? '');
  if (field === 'nominations') {
    return issue.code === 'too_big'
      ? t('validation.tooManyNominations', { max: Number(issue.maximum) })
      : t('validation.nominationRequired');
  }
  switch (issue.code) {
    case 'too_small':
      return t('validation.required');
    case 'too_big':
      return t('validation.tooLong', { max: Number(issue.maximum) });
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? t('validation.required')
        : t('validation.invalid');
    default:
      break;
  }
  if (IMAGE_FIELDS.has(field)) return t('validation.imageUrl');
  if (field === 'icon') return t('validation.icon');
  if (field === 'backgroundColor') return t('validation.color');
  if (field === 'categoryId') {
    return issue.message === DUPLICATE_CATEGORY_MESSAGE
      ? t('validation.duplicate')
      : t('validation.chooseCategory');
  }
  return issue.message;
}

/** The first problem of each field, translated. */
export function formErrors(error: z.ZodError, t: TFunction<'admin'>): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= messageFor(issue, t);
  }
  return errors;
}

/** The errors less the one of a field just edited: its message goes once the admin acts on it. */
export function withoutError(errors: FormErrors, key: string): FormErrors {
  if (!(key in errors)) return errors;
  const { [key]: _edited, ...rest } = errors;
  return rest;
}

/** Moves focus to the first field with an error, so keyboard and reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  field?.focus();
}
