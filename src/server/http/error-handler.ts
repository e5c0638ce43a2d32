import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '#server/db/database-unavailable.js';
import { HttpError } from './http-error.js';
import { InputRefused, routeInputRefusal } from './input-refusal.js';
import {
  requestLanguage,
  SERVICE_UNAVAILABLE,
  SOMETHING_WENT_WRONG,
  type VoterText,
} from './voter-text.js';

/** What a 503 asks clients to wait: long enough to spare a struggling database, short for a voter. */
export const RETRY_AFTER_SECONDS = 5;

const REQUEST_UNREADABLE: VoterText = {
  en: 'The request could not be read. Refresh the page and try again.',
  fr: "La demande n'a pas pu être lue. Actualisez la page et réessayez.",
};

const REQUEST_TOO_LARGE: VoterText = {
  en: 'The request is too large. Refresh the page and try again.',
  fr: 'La demande est trop volumineuse. Actualisez la page et réessayez.',
};

/**
 * Every failure leaves as JSON `{ message, details? }` (apiErrorBodySchema) with a 4xx the client can act on. A database that
 * cannot be reached in time, or a request past its deadline, is a 503 with Retry-After: the same
 * request will work later. Anything else is logged and answered 500 without internals: a 500 is a
 * bug to fix.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    // A schema's refusal is worded as the route asked (input-refusal.ts).
    const known = error instanceof InputRefused ? routeInputRefusal(request, error) : error;
    if (known instanceof HttpError) {
      return reply
        .status(known.statusCode)
        .send({ message: known.messageIn(requestLanguage(request)), details: known.details });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_HANDLER_TIMEOUT' || isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'answered 503: database unreachable or request too slow');
      // A request past its deadline may still be sending its body, a byte now and then: the
      // connection goes with the answer, so such a client cannot hold a socket for long.
      if (!request.raw.complete) reply.header('connection', 'close');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: SERVICE_UNAVAILABLE[requestLanguage(request)] });
    }
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own refusals (body, content type) name its internals, and voters meet them
      // too; other 4xx errors (the rate limit's) already carry a message meant for people.
      if (fastifyError.code?.startsWith('FST_')) {
        const text =
          fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? REQUEST_TOO_LARGE
            : REQUEST_UNREADABLE;
        request.log.info({ err: error }, 'request refused before reaching its route');
        return reply.status(status).send({ message: text[requestLanguage(request)] });
      }
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: SOMETHING_WENT_WRONG[requestLanguage(request)] });
  });
}

export function registerApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
