import type { ApiErrorBody } from '#shared/schemas/api-error';

/**
 * A non-OK HTTP answer. `status` and `body` are what code decides on; `text` is the answer as it
 * came (or the status text when it was empty), kept because a proxy or the platform may answer
 * with something other than the API's own shape. The message reads `${status}: ${text}`, the form
 * screens and logs have always shown.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The API's sentence, when the answer had the refusal shape; null for anything else. */
  readonly body: Pick<ApiErrorBody, 'message'> | null;
  /**
   * The answer read as JSON (null when it was not): the screens that act on a refusal's details
   * read them from it with the shared schema (api-error-details.ts).
   */
  readonly answer: unknown;
  readonly text: string;

  constructor(status: number, text: string, answer: unknown) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
    this.answer = answer;
    this.body = messageOf(answer);
  }
}

/**
 * The refusal's sentence, read without zod: every request, the first screen's included, can fail,
 * and zod does not fit in that screen's budget. Details of any shape leave the message as it is.
 */
function messageOf(answer: unknown): Pick<ApiErrorBody, 'message'> | null {
  return typeof answer === 'object' &&
    answer !== null &&
    'message' in answer &&
    typeof answer.message === 'string'
    ? { message: answer.message }
    : null;
}

/** The session ended or never was: the server's guard answers 401 "Unauthorized". */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.text.includes('Unauthorized');
}

export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/**
 * The sentence to show a person: the API's own message when it sent one, else whatever the
 * answer or the failure said.
 */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.body?.message || error.text || null;
  if (error instanceof Error) return error.message || null;
  return null;
}
