import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './http-error.js';
import { requestLanguage, SOMETHING_WENT_WRONG } from './voter-text.js';

/**
 * Every failure leaves as JSON `{ message }` with a 4xx the client can act on. Anything that is not
 * a known client error is logged and answered 500 without internals: a 500 is a bug to fix.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.messageIn(requestLanguage(request)), details: error.details });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Request body is not valid JSON'
          : fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type: send JSON'
              : error.message;
      return reply.status(status).send({ message });
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
