import { ApiError } from './api-error';
import { currentLanguage } from './i18n';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  throw new ApiError(response.status, body || response.statusText);
}

/** The site language, so the server's voter-facing messages come back in it. */
export function languageHeader(): { 'Accept-Language': string } {
  return { 'Accept-Language': currentLanguage() };
}

/**
 * Every call sends the session cookie and, when there is a body, JSON (SPEC 7). Returns the
 * Response so callers decide whether to read JSON, text or nothing.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers:
      data === undefined
        ? languageHeader()
        : { ...languageHeader(), 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfNotOk(response);
  return response;
}
