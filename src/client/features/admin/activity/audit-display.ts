import type { AuditEntry } from '#shared/schemas/audit';
import { changedFields } from '#shared/audit-changes';

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The record's name as the entry saw it (after the change, else before), if it has one. */
export function recordName(entry: Pick<AuditEntry, 'before' | 'after'>): string | null {
  for (const side of [entry.after, entry.before]) {
    if (isFields(side) && typeof side.name === 'string' && side.name) return side.name;
  }
  return null;
}

/**
 * The order the editors show fields in. The database keeps JSON keys in an order of its own
 * (shortest first), which would list 'icon' before 'name'.
 */
const FIELD_ORDER = [
  'name',
  'nameFr',
  'bio',
  'bioFr',
  'description',
  'descriptionFr',
  'photoUrl',
  'icon',
  'backgroundImageUrl',
  'backgroundColor',
  'isFeatured',
  'nominations',
  'checked',
  'updated',
];

/** The fields an entry changed, in the editors' order; fields this build does not know go last. */
export function orderedChangedFields(before: unknown, after: unknown): string[] {
  const rank = (field: string) => {
    const at = FIELD_ORDER.indexOf(field);
    return at === -1 ? FIELD_ORDER.length : at;
  };
  return changedFields(before, after).sort((a, b) => rank(a) - rank(b));
}

export type EntrySummary =
  | { kind: 'created'; fields: string[] }
  | { kind: 'deleted' }
  | { kind: 'restored' }
  | { kind: 'checked'; checked: number; updated: number }
  | { kind: 'changed'; fields: string[] }
  | { kind: 'unchanged' };

/** What an entry did, in a shape the screen words in the interface language. */
export function summarise(entry: AuditEntry): EntrySummary {
  const fields = orderedChangedFields(entry.before, entry.after);
  if (entry.action === 'payments.check-campay' && isFields(entry.after)) {
    const { checked, updated } = entry.after;
    if (typeof checked === 'number' && typeof updated === 'number') {
      return { kind: 'checked', checked, updated };
    }
  }
  if (entry.action.endsWith('.restore')) return { kind: 'restored' };
  if (entry.before === null && entry.after !== null) return { kind: 'created', fields };
  if (entry.after === null && entry.before !== null) return { kind: 'deleted' };
  return fields.length ? { kind: 'changed', fields } : { kind: 'unchanged' };
}

export interface ValueWords {
  empty: string;
  yes: string;
  no: string;
}

/** A stored value as a person reads it: text as it is, nominations by category, JSON otherwise. */
export function valueText(value: unknown, words: ValueWords): string {
  if (value === null || value === undefined || value === '') return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return words.empty;
    return value
      .map((item) => {
        if (!isFields(item)) return valueText(item, words);
        const category = typeof item.categoryName === 'string' ? item.categoryName : null;
        const title = typeof item.nominationTitle === 'string' ? item.nominationTitle : null;
        if (category) return title ? `${category} (${title})` : category;
        return JSON.stringify(item);
      })
      .join(', ');
  }
  return JSON.stringify(value);
}

/** The field's value on one side of the change. */
export function fieldOf(side: unknown, field: string): unknown {
  return isFields(side) ? side[field] : undefined;
}
