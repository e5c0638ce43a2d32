/*
 * Field checks for the few answers read without zod (see read-api-error-body.ts for why). Each
 * mirrors the zod check of the same name closely enough for the answers the server sends; the
 * readers' tests run them and the shared schema over the same fixtures.
 */

/** An answer that does not have the shape its reader expects. */
export class ResponseShapeError extends Error {
  constructor(path: string, expected: string) {
    super(`Unexpected response: ${path || 'the answer'} is not ${expected}`);
    this.name = 'ResponseShapeError';
  }
}

export function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value));
  }
  throw new ResponseShapeError(path, 'an object');
}

export function list(value: unknown, path: string): unknown[] {
  if (Array.isArray(value)) return value.map((item: unknown) => item);
  throw new ResponseShapeError(path, 'a list');
}

export function string(value: unknown, path: string): string {
  if (typeof value === 'string') return value;
  throw new ResponseShapeError(path, 'a string');
}

export function nullableString(value: unknown, path: string): string | null {
  return value === null ? null : string(value, path);
}

export function integer(value: unknown, path: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw new ResponseShapeError(path, 'an integer');
}

/** The path of `key` inside the value at `path`, as the errors name it. */
export const fieldPath = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * A field the server may leave out (vote counts and trending figures while the event hides them):
 * absent from the object read, as zod leaves out an absent optional key, or read by `read`.
 */
export function optionalField<K extends string, T>(
  key: K,
  value: unknown,
  path: string,
  read: (value: unknown, path: string) => T,
): Partial<Record<K, T>> {
  return value === undefined ? {} : ({ [key]: read(value, fieldPath(path, key)) } as Record<K, T>);
}

export function boolean(value: unknown, path: string): boolean {
  if (typeof value === 'boolean') return value;
  throw new ResponseShapeError(path, 'true or false');
}

const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

export function uuid(value: unknown, path: string): string {
  const text = string(value, path);
  if (UUID.test(text)) return text;
  throw new ResponseShapeError(path, 'an id');
}

/** ISO 8601 with seconds and a Z or ±hh:mm offset, as `z.iso.datetime({ offset: true })`. */
const DATE_TIME =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

export function isoDateTime(value: unknown, path: string): string {
  const text = string(value, path);
  if (DATE_TIME.test(text)) return text;
  throw new ResponseShapeError(path, 'a date and time');
}

/** One of a few known words, as `z.enum(options)`. */
export function oneOf<T extends string>(options: readonly T[], value: unknown, path: string): T {
  const found = options.find((option) => option === value);
  if (found === undefined) throw new ResponseShapeError(path, options.join(' or '));
  return found;
}
