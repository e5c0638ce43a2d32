import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret (the SMS gateways' delivery report URLs). */
const SECRET_QUERY = /([?&](?:token)=)[^&#]*/gi;

/** `url` with the value of each secret query parameter replaced, for the log. */
export const withoutSecrets = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

/**
 * The request as Fastify logs it on arrival (method, URL, host, client), without the secrets some
 * callers put in the URL: a log is read by more people than the settings are.
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
