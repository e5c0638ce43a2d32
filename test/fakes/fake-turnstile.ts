import type http from 'node:http';
import { startHttpFakeServer, type HttpFakeServer } from './http-fake-server.js';

/**
 * A local stand-in for Cloudflare Turnstile's siteverify endpoint, speaking its protocol: a form
 * post of `secret`, `response` (the widget's token) and `remoteip`, answered by JSON
 * `{ success, "error-codes" }`. A token passes once, as Turnstile's do, if it is one the test
 * issued; a wrong secret answers `invalid-input-secret`.
 */
export interface SiteverifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface FakeTurnstile {
  /** The address to give the app as TURNSTILE_VERIFY_URL. */
  verifyUrl: string;
  requests: SiteverifyRequest[];
  /** A token the widget would have handed the page after a passed challenge. */
  issueToken(): string;
  server: HttpFakeServer;
  close(): Promise<void>;
}

export async function startFakeTurnstile(secret: string): Promise<FakeTurnstile> {
  const requests: SiteverifyRequest[] = [];
  const issued = new Set<string>();
  let count = 0;
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const request = {
      secret: form.get('secret'),
      response: form.get('response'),
      remoteip: form.get('remoteip'),
    };
    requests.push(request);
    const answer = (success: boolean, errors: string[]) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success, 'error-codes': errors }));
    };
    if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') {
      res.writeHead(404).end();
      return;
    }
    if (request.secret !== secret) return answer(false, ['invalid-input-secret']);
    if (!request.response) return answer(false, ['missing-input-response']);
    if (!issued.delete(request.response)) return answer(false, ['invalid-input-response']);
    return answer(true, []);
  };
  const server = await startHttpFakeServer((req, res) => void handle(req, res));
  return {
    verifyUrl: `${server.origin}/turnstile/v0/siteverify`,
    requests,
    issueToken: () => {
      const token = `turnstile-token-${++count}`;
      issued.add(token);
      return token;
    },
    server,
    close: () => server.close(),
  };
}
