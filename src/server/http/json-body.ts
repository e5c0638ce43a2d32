import type { FastifyInstance } from 'fastify';
import { isUtf8 } from 'node:buffer';
import { badRequest } from './http-error.js';
import { BODY_NOT_UTF8 } from './voter-text.js';

/**
 * JSON bodies are read as bytes and refused (400) unless they are UTF-8: decoding them straight to
 * text would turn each invalid byte into U+FFFD and store that as if it had been typed. The parse
 * itself is Fastify's own (prototype poisoning refused). With `allowEmpty`, an empty body with a
 * JSON content type is no body (some clients send that header on body-less requests).
 */
export function registerJsonBody(app: FastifyInstance, options: { allowEmpty?: boolean } = {}) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (options.allowEmpty && bytes.length === 0) return done(null, undefined);
    if (!isUtf8(bytes)) return done(badRequest(BODY_NOT_UTF8), undefined);
    // Fastify's own parser answers through `done`; its type merely allows a promise too.
    void parseJson(request, bytes.toString('utf8'), done);
  });
}
