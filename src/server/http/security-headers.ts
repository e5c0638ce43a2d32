import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import type { Config } from '#server/config.js';

/**
 * What a response that is not a page needs (OWASP REST Security Cheat Sheet): never sniffed into
 * something runnable, never framed, never read cross-site, HTTPS only. The page-oriented rest of
 * the set (script, style and image sources, opener isolation, ...) governs documents, so JSON,
 * images and assets go without it: about 700 bytes less on every API answer a phone downloads.
 */
const NON_DOCUMENT_HEADERS: OutgoingHttpHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/** helmet's full set for our pages, computed once (it depends only on the config). */
function documentHeaders(config: Config): OutgoingHttpHeaders {
  const stripeOrigins = config.stripe ? ['https://js.stripe.com'] : [];
  // Turnstile's widget: its script, and the frame it draws the challenge in.
  const turnstileOrigins = config.cardTesting.challenge.turnstile
    ? ['https://challenges.cloudflare.com']
    : [];
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeOrigins, ...turnstileOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
        frameSrc:
          config.stripe || turnstileOrigins.length > 0
            ? [
                ...(config.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
                ...turnstileOrigins,
              ]
            : ["'none'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // no-referrer would make browsers send `Origin: null` on our own form posts (sign-in).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  apply(request, response, () => undefined);
  return response.getHeaders();
}

/**
 * Security headers on every answer: helmet's page set on HTML, the short set on everything else.
 * Both are built once at start-up; building helmet's middleware per request (as @fastify/helmet
 * does) was a tenth of the public catalogue's CPU in `npm run bench -- catalog`.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const forDocuments = Object.entries(documentHeaders(config));
  const forOthers = Object.entries(NON_DOCUMENT_HEADERS);
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const isDocument = typeof type === 'string' && type.startsWith('text/html');
    // A route's own stricter value (the image proxy's sandbox CSP) stands.
    for (const [name, value] of isDocument ? forDocuments : forOthers) {
      if (value !== undefined && !reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
}
