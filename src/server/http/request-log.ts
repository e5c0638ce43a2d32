import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { isPageDrawingRead } from './page-drawing.js';

/**
 * Query parameters that carry a secret: the SMS gateways' delivery report URLs (`token`) and a
 * receipt link (`/my-receipts?code=…`), whose code opens the receipt.
 */
const SECRET_QUERY = /([?&](?:token|code)=)[^&#]*/gi;

/**
 * Paths whose segment after the prefix is a receipt code: whoever reads it can open the receipt
 * (who voted for whom, for how much), so it is a secret like the token.
 */
const SECRET_SEGMENT = /^((?:\/api)?\/(?:payment\/receipt|results\/ledger\/entries)\/)[^/?#]+/i;

/** `url` with each secret (query value or receipt code in the path) replaced, for the log. */
export const withoutSecrets = (url: string): string =>
  url.replace(SECRET_SEGMENT, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');

/**
 * The request as the log shows it (method, URL, host, client), without the secrets some callers
 * put in the URL: a log is read by more people than the settings are.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * One info line per request, written once it is answered: what was asked, the status and how long
 * it took. Fastify's own controller writes two, one on arrival and one on the answer, which
 * doubles the log for nothing the second could not say. Errors are logged as Fastify does.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    // The page's line says it; its answers read while drawing it are not requests of their own.
    if (isPageDrawingRead(request)) return;
    reply.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
