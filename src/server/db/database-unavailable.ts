/**
 * Whether an error means the database could not be reached or did not answer in time, as opposed
 * to a query that was wrong. Those are worth a 503 with Retry-After: the same request will work once
 * the server is back. Drizzle wraps driver errors, so the whole `cause` chain is examined.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
    current = cause;
  }
  return false;
}

/**
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (server shutting down or starting),
 * 57014 (statement timeout), 53300 (too many connections), 25P03 (idle-in-transaction timeout).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|57014|53300|25P03)$/;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool report lost connections and their own timeouts only in words. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^timeout expired$/,
  /^Query read timeout$/,
  /^Client has encountered a connection error and is not queryable$/,
];
