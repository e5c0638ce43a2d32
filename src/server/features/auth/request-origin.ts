import type { FastifyRequest } from 'fastify';

/**
 * The origin this request was addressed to: PUBLIC_URL when configured (links and redirect URIs
 * must be stable behind proxies), else what the request says (X-Forwarded-* with TRUST_PROXY).
 */
export function appOrigin(request: FastifyRequest): string {
  return request.server.ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Origins a same-site browser request may carry. */
export function acceptedOrigins(request: FastifyRequest): Set<string> {
  // Normalised through URL so 'http://host:80' and 'http://host' compare equal.
  const own = originOf(`${request.protocol}://${request.host}`);
  const publicUrl = request.server.ctx.config.publicUrl;
  return new Set(publicUrl ? [own, originOf(publicUrl)] : [own]);
}

function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

export type OriginVerdict = 'same-origin' | 'cross-origin' | 'unknown';

/** Origin first, then Referer, then Fetch Metadata; browsers send at least one on every POST. */
export function requestOriginVerdict(request: FastifyRequest): OriginVerdict {
  const accepted = acceptedOrigins(request);
  const origin = request.headers.origin;
  // `Origin: null` is opaque (a strict referrer policy, a sandboxed frame): it proves nothing
  // either way, so Fetch Metadata decides, which browsers send alongside it.
  if (typeof origin === 'string' && origin !== 'null') {
    return accepted.has(originOf(origin)) ? 'same-origin' : 'cross-origin';
  }
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer) {
    return accepted.has(originOf(referer)) ? 'same-origin' : 'cross-origin';
  }
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin') return 'same-origin';
  if (typeof site === 'string' && site !== 'none') return 'cross-origin';
  return 'unknown';
}

/**
 * Whether a navigation (a GET, which carries no Origin) was followed from this site: Fetch
 * Metadata, when the browser sends it, says same-origin, and the Referer or Fetch Metadata shows
 * this site. A link on another site, a typed address or a request that shows nothing is not.
 */
export function followedFromThisSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  return requestOriginVerdict(request) === 'same-origin';
}
