import { FRENCH_FIELDS, type FrenchField } from '#shared/schemas/admin.js';

/** Which English column feeds which French column, per table; the only names used in SQL. */
export const FRENCH_COLUMNS = {
  categories: [
    { field: 'nameFr', en: 'name', fr: 'name_fr', max: 255 },
    { field: 'descriptionFr', en: 'description', fr: 'description_fr', max: null },
  ],
  artists: [{ field: 'bioFr', en: 'bio', fr: 'bio_fr', max: null }],
  nominations: [
    { field: 'nominationTitleFr', en: 'nomination_title', fr: 'nomination_title_fr', max: 255 },
    {
      field: 'nominationDescriptionFr',
      en: 'nomination_description',
      fr: 'nomination_description_fr',
      max: null,
    },
  ],
} as const satisfies Record<
  string,
  ReadonlyArray<{ field: FrenchField; en: string; fr: string; max: number | null }>
>;
export type TranslatedTable = keyof typeof FRENCH_COLUMNS;

const blank = (value: string | null | undefined) => !value || !value.trim();

export interface StoredFrench {
  english: string | null;
  french: string | null;
  machine: boolean;
}

/**
 * The French value and machine flag to store when an admin saves a form.
 * - A French value different from the stored one is the admin's own: kept, never overwritten.
 * - An unchanged machine-made French whose English changed is stale: cleared, to be re-translated.
 * - Otherwise the stored state stands.
 * Empty French (whoever emptied it) is filled by machine translation after the save.
 */
export function mergeFrench(
  stored: StoredFrench | null,
  submitted: { english: string | null; french: string | null },
): { french: string | null; machine: boolean } {
  if (!stored) return { french: submitted.french, machine: false };
  const sameFrench = (stored.french ?? '') === (submitted.french ?? '');
  if (!sameFrench) return { french: submitted.french, machine: false };
  const englishChanged = (stored.english ?? '') !== (submitted.english ?? '');
  if (stored.machine && englishChanged) return { french: null, machine: false };
  return { french: stored.french, machine: stored.machine && !blank(stored.french) };
}

/** French fields with English to show but no French: the site falls back to English there. */
export function missingFrench(
  pairs: ReadonlyArray<{ field: FrenchField; english: string | null; french: string | null }>,
): FrenchField[] {
  return pairs.filter((p) => !blank(p.english) && blank(p.french)).map((p) => p.field);
}

/** The machine_translated array after merging: the fields whose stored French is machine-made. */
export function machineFlags(flags: ReadonlyArray<[FrenchField, boolean]>): FrenchField[] {
  return flags.filter(([, machine]) => machine).map(([field]) => field);
}

export const asFrenchFields = (values: readonly string[]): FrenchField[] =>
  values.filter((v): v is FrenchField => (FRENCH_FIELDS as readonly string[]).includes(v));
