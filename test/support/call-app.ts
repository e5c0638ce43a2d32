import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** What a test sends: `body` goes as the payload (an object as JSON, a string or bytes as they are). */
export interface AppRequest {
  /** GET when left out, as for a browser's plain request. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  url: string;
  body?: unknown;
  /** Sent as JSON whatever it is, a string included (a raw string body would not be JSON). */
  json?: unknown;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  remoteAddress?: string;
}

/**
 * What the app answered: `body` is the parsed JSON, else the text, null when empty; `bytes` is the
 * payload exactly as sent (compressed or binary answers).
 */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: OutgoingHttpHeaders;
  body: T;
  bytes: Buffer;
}

/** The one way tests call the app in-process. */
export async function call<T = Record<string, unknown>>(
  app: FastifyInstance,
  request: AppRequest,
): Promise<Answer<T>> {
  const { body, json, method = 'GET', ...rest } = request;
  const options: InjectOptions = { method, ...rest };
  if (body !== undefined) options.payload = body as InjectOptions['payload'];
  if (json !== undefined) {
    options.payload = JSON.stringify(json);
    options.headers = { ...rest.headers, 'content-type': 'application/json' };
  }
  const res = await app.inject(options);
  return {
    status: res.statusCode,
    headers: res.headers,
    body: parseBody(res.body) as T,
    bytes: res.rawPayload,
  };
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
