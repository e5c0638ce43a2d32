import { safeText } from './safe-text.js';

/*
 * The text fields of every form (names, descriptions, the event's names), apart from the admin
 * forms' schemas: the public event's schema uses them too, and the public pages load it.
 */

interface TextOptions {
  /** Descriptions and bios keep their line breaks; names and addresses are one line. */
  multiline?: boolean;
}

/** Blank means "not set": trimmed, and '' becomes null, so the site falls back to the English. */
export function optionalText(max: number, label: string, options: TextOptions = {}) {
  return safeText({ error: `${label} must be text`, label, trim: true, ...options })
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export function requiredText(max: number, label: string) {
  return safeText({ error: `${label} is required`, label, trim: true })
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}
