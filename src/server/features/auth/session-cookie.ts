import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'palmares.sid';
/** Holds the pending OpenID Connect sign-in; only ever sent back to /api/callback. */
export const OIDC_COOKIE = 'palmares.oidc';
export const OIDC_CALLBACK_PATH = '/api/callback';

/**
 * httpOnly so scripts never see the token; SameSite=Lax so it rides top-level navigations (the
 * IdP's redirect back) but not cross-site sub-requests; Secure whenever the request came over
 * HTTPS (behind a proxy that needs TRUST_PROXY so request.protocol reflects X-Forwarded-Proto).
 */
export function cookieOptions(
  request: FastifyRequest,
  maxAgeSeconds: number,
  path = '/',
): CookieSerializeOptions {
  return {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  };
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expire: Date,
): void {
  const maxAge = Math.max(0, Math.floor((expire.getTime() - Date.now()) / 1000));
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, maxAge));
}

export function clearCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  path = '/',
) {
  reply.clearCookie(name, { ...cookieOptions(request, 0, path), maxAge: undefined });
}
