import type { FastifyReply, RouteShorthandOptions } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Brotli's quality for answers made while serving: a catalogue answer is compressed again each
 * time its counts change (at most once a second near the close) and a kept page each time it is
 * drawn. On a 36 KB nominee list quality 3 took 221 µs for 5,765 bytes where 5 took 1,109 µs for
 * 5,790; on a 60 KB drawn page, 193 µs for 7,974 bytes against 629 µs for 7,833. The built
 * scripts, compressed once at build time, use 11.
 */
const BROTLI_QUALITY = 3;

/**
 * One answer's bytes, compressed at most once per encoding and only when a client asks for it:
 * most clients take brotli, so gzip is rarely made at all.
 */
export class EncodedBody {
  private gzipped: Buffer | undefined;
  private brotli: Buffer | undefined;

  constructor(readonly identity: Buffer) {}

  get gzip(): Buffer {
    return (this.gzipped ??= gzipSync(this.identity, { level: 6 }));
  }

  get br(): Buffer {
    return (this.brotli ??= brotliCompressSync(this.identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
      },
    }));
  }
}

type Encoding = 'identity' | 'gzip' | 'br';

export function encodeBody(value: unknown): EncodedBody {
  return new EncodedBody(Buffer.from(JSON.stringify(value)));
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Browsers send one of a handful of Accept-Encoding values, so the answer is remembered per value:
 * parsing it on every request was 3% of the catalogue's CPU (`npm run bench -- catalog`).
 * Bounded, so a client sending endless distinct values cannot grow it.
 */
const choiceByHeader = new Map<string, Encoding>();
const MAX_REMEMBERED = 64;

/** Picks the smallest encoding the client accepts (q=0 means refused). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = choiceByHeader.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (choiceByHeader.size >= MAX_REMEMBERED) choiceByHeader.clear();
    choiceByHeader.set(acceptEncoding, encoding);
  }
  return encoding;
}

/**
 * Route options for answers sent with sendEncoded(): they are compressed already, so
 * @fastify/compress's three per-request hooks (request, body, response) have nothing to do there.
 */
export const preEncodedRoute = {
  compress: false,
  decompress: false,
} as const satisfies RouteShorthandOptions;

/** Sends JSON bytes encoded once, in the best encoding the client accepts. */
export function sendEncoded(reply: FastifyReply, body: EncodedBody) {
  const encoding = pickEncoding(reply.request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body[encoding]);
}
