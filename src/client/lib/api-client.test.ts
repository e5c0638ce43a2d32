import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fetchEarly, getJson, sendJson } from './api-client';
import { ApiError, errorStatus, isUnauthorizedError, serverMessage } from './api-error';
import { apiErrorDetails } from './api-error-details';

vi.mock('./i18n', () => ({ currentLanguage: () => 'fr' }));

const pointSchema = z.object({ x: z.number() });
const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string, statusText = ''): Response {
  return new Response(body || null, { status, statusText });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => error,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getJson', () => {
  it('sends the cookie and the site language, and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(answer(200, JSON.stringify({ x: 1, extra: true })));
    await expect(getJson('/api/point', pointSchema)).resolves.toEqual({ x: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/point');
    expect(init).toMatchObject({ credentials: 'include', headers: { 'Accept-Language': 'fr' } });
  });

  it('rejects an answer that does not match its schema', async () => {
    fetchMock.mockResolvedValue(answer(200, JSON.stringify({ x: 'one' })));
    const error = await failure(getJson('/api/point', pointSchema));
    expect(error).toBeInstanceOf(z.ZodError);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('fetchEarly', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands its answer to the next read of that address, once', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(200, JSON.stringify({ x: 1 })))
      .mockResolvedValueOnce(answer(200, JSON.stringify({ x: 2 })));
    fetchEarly('/api/early-once');
    fetchEarly('/api/early-once');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      credentials: 'include',
      headers: { 'Accept-Language': 'fr' },
    });
    await expect(getJson('/api/early-once', pointSchema)).resolves.toEqual({ x: 1 });
    await expect(getJson('/api/early-once', pointSchema)).resolves.toEqual({ x: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early answer is stale, or the read must bypass the cache', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, JSON.stringify({ x: 3 }))));
    fetchEarly('/api/early-stale');
    vi.advanceTimersByTime(10_001);
    await getJson('/api/early-stale', pointSchema);
    fetchEarly('/api/early-fresh');
    await getJson('/api/early-fresh', pointSchema, { cache: 'no-store' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/early-stale',
      '/api/early-stale',
      '/api/early-fresh',
      '/api/early-fresh',
    ]);
  });

  it('asks again after a network failure, and reports a refusal as any read would', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(200, JSON.stringify({ x: 4 })))
      .mockResolvedValueOnce(answer(404, JSON.stringify({ message: 'Category not found' })));
    fetchEarly('/api/early-offline');
    await expect(getJson('/api/early-offline', pointSchema)).resolves.toEqual({ x: 4 });
    fetchEarly('/api/early-missing');
    const error = await failure(getJson('/api/early-missing', pointSchema));
    expect(error).toBeInstanceOf(ApiError);
    expect(errorStatus(error)).toBe(404);
  });
});

describe('sendJson', () => {
  it('sends the body as JSON', async () => {
    fetchMock.mockResolvedValue(answer(200, JSON.stringify({ x: 2 })));
    await expect(sendJson('POST', '/api/point', { x: 2 }, pointSchema)).resolves.toEqual({ x: 2 });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"x":2}',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'fr' },
    });
  });

  it('sends no body and no content type when there is nothing to send', async () => {
    fetchMock.mockResolvedValue(answer(200, JSON.stringify({ x: 3 })));
    await sendJson('PATCH', '/api/point', undefined, pointSchema);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({ 'Accept-Language': 'fr' });
  });
});

describe('ApiError from a refusal', () => {
  it('carries the status, the parsed body and the text as received', async () => {
    const text = JSON.stringify({
      message: 'Please check the form',
      details: [{ path: 'name', message: 'Required' }],
    });
    fetchMock.mockResolvedValue(answer(400, text));
    const error = await failure(sendJson('POST', '/api/point', {}, pointSchema));
    expect(error).toBeInstanceOf(ApiError);
    if (!(error instanceof ApiError)) return;
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ message: 'Please check the form' });
    expect(apiErrorDetails(error)).toEqual([{ path: 'name', message: 'Required' }]);
    expect(error.message).toBe(`400: ${text}`);
    expect(errorStatus(error)).toBe(400);
    expect(serverMessage(error)).toBe('Please check the form');
  });

  it('shows "401: ..." and counts as unauthorized for the guard\'s answer', async () => {
    fetchMock.mockResolvedValue(answer(401, '{"message":"Unauthorized"}'));
    const error = await failure(getJson('/api/point', pointSchema));
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof Error && error.message).toBe('401: {"message":"Unauthorized"}');
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it('does not count a 401 without "Unauthorized" (a refused sign-in) as a lost session', () => {
    const error = new ApiError(401, '{"message":"Wrong password"}', { message: 'Wrong password' });
    expect(isUnauthorizedError(error)).toBe(false);
  });

  it('uses the status text for an empty answer, with no body', async () => {
    fetchMock.mockResolvedValue(answer(502, '', 'Bad Gateway'));
    const error = await failure(getJson('/api/point', pointSchema));
    expect(error).toBeInstanceOf(ApiError);
    if (!(error instanceof ApiError)) return;
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.body).toBeNull();
    expect(serverMessage(error)).toBe('Bad Gateway');
  });

  it('keeps a plain-text answer from a proxy as the text to show', async () => {
    fetchMock.mockResolvedValue(answer(503, 'Service Unavailable'));
    const error = await failure(getJson('/api/point', pointSchema));
    expect(error instanceof ApiError && error.body).toBeNull();
    expect(serverMessage(error)).toBe('Service Unavailable');
  });
});

describe('errors that are not API answers', () => {
  it('have no status, and their own message to show', () => {
    const offline = new TypeError('Failed to fetch');
    expect(errorStatus(offline)).toBeNull();
    expect(isUnauthorizedError(offline)).toBe(false);
    expect(serverMessage(offline)).toBe('Failed to fetch');
    expect(serverMessage('nope')).toBeNull();
  });
});
