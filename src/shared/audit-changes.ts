/**
 * What an audit entry changed, read from its before and after values: the top-level fields whose
 * values differ. The Activity view shows them as the entry's summary and the CSV export carries
 * them, so both name a change the same way.
 */

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stable text of a JSON value: objects compared regardless of key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isFields(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Fields present on either side whose values differ. A creation lists every field it set (not
 * null), a deletion every field the record had; values that are not objects give [].
 */
export function changedFields(before: unknown, after: unknown): string[] {
  const from = isFields(before) ? before : {};
  const to = isFields(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys.filter((key) => {
    const a = from[key] ?? null;
    const b = to[key] ?? null;
    return canonical(a) !== canonical(b);
  });
}
