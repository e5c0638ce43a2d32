/**
 * A non-OK HTTP answer. The message format `${status}: ${body or statusText}` is part of the
 * contract (SPEC 8): screens and the unauthorized check read it, so keep it exactly.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, bodyOrStatusText: string) {
    super(`${status}: ${bodyOrStatusText}`);
    this.name = 'ApiError';
    this.status = status;
  }
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/s.test(error.message);
}

/** The HTTP status an API error carries, read from the message so any Error in that format works. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

export function isNotFoundError(error: unknown): boolean {
  return errorStatus(error) === 404;
}

/** The server's `{ message }` from an error body, for showing in a toast. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // Not JSON: a proxy or the platform answered with plain text.
  }
  return body || null;
}
