import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '#server/http/route-schema.js';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.js';

/** Holds the pending OpenID Connect sign-in; only ever sent back to /api/callback. */
export const OIDC_COOKIE = 'palmares.oidc';
export const OIDC_CALLBACK_PATH = '/api/callback';

/**
 * Whether cookies must be Secure whatever the request looks like. A production site with an
 * https PUBLIC_URL is only ever visited over HTTPS, even when the proxy in front speaks plain HTTP
 * to the app and TRUST_PROXY is unset, so request.protocol cannot be the only judge.
 */
function alwaysSecure(request: FastifyRequest): boolean {
  const { isProduction, publicUrl } = request.server.ctx.config;
  return isProduction && publicUrl !== undefined && publicUrl.startsWith('https://');
}

/**
 * httpOnly so scripts never see the token; SameSite=Lax so it rides top-level navigations (the
 * IdP's redirect back) but not cross-site sub-requests; Secure in production over an https
 * PUBLIC_URL, and otherwise whenever the request came over HTTPS (behind a proxy, as far as
 * TRUST_PROXY lets X-Forwarded-Proto say so).
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
    secure: alwaysSecure(request) || request.protocol === 'https',
    maxAge: maxAgeSeconds,
  };
}

const secondsUntil = (time: Date) => Math.max(0, Math.floor((time.getTime() - Date.now()) / 1000));

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expire: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, secondsUntil(expire)));
  setSignedInHint(request, reply, expire);
}

/** Readable by the page on purpose, and with the session's lifetime, so both go away together. */
export function setSignedInHint(request: FastifyRequest, reply: FastifyReply, expire: Date): void {
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
    ...cookieOptions(request, secondsUntil(expire)),
    httpOnly: false,
  });
}

/** Drops the session cookie and its page-readable hint. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  clearCookie(request, reply, SESSION_COOKIE);
  clearCookie(request, reply, SIGNED_IN_HINT_COOKIE);
}

export function clearCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  path = '/',
) {
  reply.clearCookie(name, { ...cookieOptions(request, 0, path), maxAge: undefined });
}
