import { ApiError } from './api-error';
import { currentLanguage } from './i18n';

/** Checks an answer and gives it its type: a shared zod schema. */
export interface ResponseReader<T> {
  parse(data: unknown): T;
}

/**
 * A shared schema loaded when an answer first needs it: the first screen's answers come with the
 * page the server drew, so zod's code is fetched only when the page asks the API itself.
 */
export type ReaderLoader<T> = () => Promise<ResponseReader<T>>;

export type AnswerReader<T> = ResponseReader<T> | ReaderLoader<T>;

/** Checks `data` with `reader`, loading the reader's code first when it is not in yet. */
export async function readAnswer<T>(reader: AnswerReader<T>, data: unknown): Promise<T> {
  return (typeof reader === 'function' ? await reader() : reader).parse(data);
}

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  /** For answers that must be fresh from the server, never from the HTTP cache. */
  cache?: RequestCache;
}

/** The site language, so the server's voter-facing messages come back in it. */
function languageHeader(): Record<string, string> {
  return { 'Accept-Language': currentLanguage() };
}

function readJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = (await response.text().catch(() => '')) || response.statusText;
  return new ApiError(response.status, text, readJsonText(text));
}

/** Sends the session cookie with every call; a non-OK answer becomes an ApiError. */
async function request(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...init, credentials: 'include' });
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** How long an answer asked for ahead stays usable; past it the screen asks afresh. */
const EARLY_ANSWER_MAX_AGE_MS = 10_000;

const earlyAnswers = new Map<string, { askedAt: number; response: Promise<Response> }>();

/**
 * Asks for `url` now, before the screen that reads it has loaded. The next `getJson(url)` within
 * ten seconds takes this answer instead of asking again, so a link opened cold waits for its data
 * alongside its code rather than after it.
 */
export function fetchEarly(url: string): void {
  if (earlyAnswers.has(url)) return;
  const response = fetch(url, { headers: languageHeader(), credentials: 'include' });
  // Nobody may ever take it; a failure is then nobody's error, and otherwise the taker asks again.
  response.catch(() => undefined);
  earlyAnswers.set(url, { askedAt: Date.now(), response });
}

/** The answer asked for ahead, once: an answer is read only once, and never when it is stale. */
async function takeEarlyAnswer(url: string): Promise<Response | undefined> {
  const early = earlyAnswers.get(url);
  if (!early) return undefined;
  earlyAnswers.delete(url);
  if (Date.now() - early.askedAt > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  const response = await early.response.catch(() => undefined);
  if (response && !response.ok) throw await toApiError(response);
  return response;
}

/** GET `url` and check the answer with `reader`. */
export async function getJson<T>(
  url: string,
  reader: AnswerReader<T>,
  options: RequestOptions = {},
): Promise<T> {
  const early = options.cache ? undefined : await takeEarlyAnswer(url);
  const response = early ?? (await request(url, { headers: languageHeader(), ...options }));
  return readAnswer(reader, await response.json());
}

/** A write, with `body` as JSON when there is one; the answer is checked with `reader`. */
export async function sendJson<T>(
  method: WriteMethod,
  url: string,
  body: unknown,
  reader: AnswerReader<T>,
): Promise<T> {
  const response = await request(url, {
    method,
    headers:
      body === undefined
        ? languageHeader()
        : { ...languageHeader(), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readAnswer(reader, await response.json());
}
