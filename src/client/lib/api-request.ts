import { ApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  throw new ApiError(response.status, body || response.statusText);
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
    headers: data === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfNotOk(response);
  return response;
}
