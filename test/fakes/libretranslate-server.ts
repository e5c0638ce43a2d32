import http from 'node:http';
import { startHttpFakeServer } from './http-fake-server.js';

/**
 * A local stand-in for a LibreTranslate server, speaking its HTTP API: POST /translate with
 * `{ q, source, target, format, api_key }` as JSON or form data, `q` a string or an array,
 * answered by `{ translatedText }` of the same shape; errors as `{ error }` with 400, 403, 429
 * or 500. Its "French" is the English with a `[fr] ` prefix, so tests can tell it apart.
 */
export interface LibreTranslateRequest {
  q: string | string[];
  source: string;
  target: string;
  format: string | undefined;
  apiKey: string | undefined;
}

export interface FakeLibreTranslate {
  url: string;
  requests: LibreTranslateRequest[];
  /** 'ok' translates; 'error' answers 500; 'slow' waits `delayMs` first. */
  mode: 'ok' | 'error' | 'slow';
  delayMs: number;
  close(): Promise<void>;
}

export const fakeFrench = (english: string) => `[fr] ${english}`;

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    return JSON.parse(text) as Record<string, unknown>;
  }
  const form = new URLSearchParams(text);
  const q = form.getAll('q');
  return { ...Object.fromEntries(form), q: q.length > 1 ? q : q[0] };
}

export async function startFakeLibreTranslate(
  options: { apiKey?: string } = {},
): Promise<FakeLibreTranslate> {
  const { server, origin, close } = await startHttpFakeServer();
  const fake: FakeLibreTranslate = {
    url: origin,
    requests: [],
    mode: 'ok',
    delayMs: 0,
    close,
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    void (async () => {
      if (req.method === 'GET' && req.url === '/languages') {
        return send(res, 200, [
          { code: 'en', name: 'English', targets: ['fr'] },
          { code: 'fr', name: 'French', targets: ['en'] },
        ]);
      }
      if (req.method !== 'POST' || req.url !== '/translate')
        return send(res, 404, { error: 'Not Found' });
      let body: Record<string, unknown>;
      try {
        body = await readBody(req);
      } catch {
        return send(res, 400, { error: 'Invalid request body' });
      }
      const q = body.q;
      const request: LibreTranslateRequest = {
        q: Array.isArray(q) ? q.map(String) : String(q ?? ''),
        source: String(body.source ?? ''),
        target: String(body.target ?? ''),
        format: body.format === undefined ? undefined : String(body.format),
        apiKey: body.api_key === undefined ? undefined : String(body.api_key),
      };
      fake.requests.push(request);
      if (options.apiKey && request.apiKey !== options.apiKey) {
        return send(res, 403, { error: 'Invalid API key' });
      }
      if (q === undefined || q === '')
        return send(res, 400, { error: 'Invalid request: missing q parameter' });
      if (!request.source || !request.target) {
        return send(res, 400, { error: 'Invalid request: missing source or target parameter' });
      }
      if (fake.mode === 'slow') await new Promise((r) => setTimeout(r, fake.delayMs));
      if (fake.mode === 'error') return send(res, 500, { error: 'Translation engine failure' });
      const translatedText = Array.isArray(request.q)
        ? request.q.map(fakeFrench)
        : fakeFrench(request.q);
      return send(res, 200, { translatedText });
    })();
  });
  return fake;
}
