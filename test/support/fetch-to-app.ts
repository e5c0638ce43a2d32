import type { FastifyInstance, InjectOptions } from 'fastify';
import { vi } from 'vitest';

/** One request as the app received it, for asserting what the page asked for. */
export interface SeenRequest {
  method: string;
  /** Path and query string, e.g. /api/admin/payments?status=failed. */
  url: string;
  body: string | undefined;
}

export interface FetchToApp {
  /** Every request so far, oldest first. */
  requests: SeenRequest[];
  /** Sent as the Cookie header, like the browser's cookie jar (e.g. a session from signedInUser). */
  cookie: string | undefined;
}

type InjectMethod = NonNullable<InjectOptions['method']>;

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

function bodyOf(init: RequestInit | undefined): string | undefined {
  if (init?.body === undefined || init.body === null) return undefined;
  // The client only ever sends JSON text (lib/api-client.ts); anything else is a new need.
  if (typeof init.body !== 'string') throw new Error('fetch-to-app only forwards string bodies');
  return init.body;
}

/**
 * Replaces the global fetch with one that hands same-origin requests to `app.inject`: the
 * components meet the real routes, validation and database, without a socket. Any other host
 * throws, so a component test can never reach the network. Restored by `vi.unstubAllGlobals()`
 * (dom-setup.ts does it after each test).
 */
export function routeFetchToApp(app: FastifyInstance): FetchToApp {
  const state: FetchToApp = { requests: [], cookie: undefined };
  const origin = window.location.origin;

  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (input instanceof Request) throw new Error('fetch-to-app takes a URL, not a Request');
    const url = new URL(String(input), origin);
    if (url.origin !== origin) {
      throw new Error(`A component test tried to reach ${url.origin}: only the app is reachable`);
    }
    init?.signal?.throwIfAborted();
    const method = (init?.method ?? 'GET').toUpperCase() as InjectMethod;
    const body = bodyOf(init);
    const path = `${url.pathname}${url.search}`;
    state.requests.push({ method, url: path, body });
    const response = await app.inject({
      method,
      url: path,
      headers: {
        ...headersOf(init),
        host: url.host,
        // What a browser adds on its own: the page's origin and its cookies.
        origin,
        ...(state.cookie ? { cookie: state.cookie } : {}),
      },
      ...(body === undefined ? {} : { payload: body }),
    });
    init?.signal?.throwIfAborted();
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    // Statuses without a body (204, 304) refuse one in the Response constructor.
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      statusText: response.statusMessage,
      headers,
    });
  };

  vi.stubGlobal('fetch', fakeFetch);
  return state;
}
