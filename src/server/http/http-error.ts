import type { Language } from '#shared/limits.js';
import type { VoterText } from './voter-text.js';

type Message = string | VoterText;

/** An error whose status and message are safe to show the client as `{ message }`. */
export class HttpError extends Error {
  private readonly texts: VoterText | undefined;

  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    message: Message,
    readonly details?: unknown,
  ) {
    super(typeof message === 'string' ? message : message.en);
    this.texts = typeof message === 'string' ? undefined : message;
  }

  /** The message in the caller's language when it has one (voter-facing), else as written. */
  messageIn(language: Language): string {
    return this.texts?.[language] ?? this.message;
  }
}

export const badRequest = (message: Message, details?: unknown) =>
  new HttpError(400, message, details);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message: Message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message: Message = 'Not found') => new HttpError(404, message);
export const conflict = (message: Message) => new HttpError(409, message);
export const unprocessable = (message: Message, details?: unknown) =>
  new HttpError(422, message, details);
