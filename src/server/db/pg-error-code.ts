/**
 * The SQLSTATE of a database error. Drizzle wraps driver errors (DrizzleQueryError) and keeps the
 * driver's error, with its `code`, as `cause`; PGlite and node-postgres both set `code`.
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
