import type { FastifyReply } from 'fastify';
import { pickEncoding, type EncodedBody } from '../catalog/encoded-body.js';

/** Sends JSON bytes encoded once per catalogue snapshot, in the best encoding the client accepts. */
export function sendEncoded(reply: FastifyReply, body: EncodedBody) {
  const encoding = pickEncoding(reply.request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body[encoding]);
}
