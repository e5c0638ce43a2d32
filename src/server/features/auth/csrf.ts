import type { FastifyInstance } from 'fastify';
import { forbidden } from '#server/http/http-error.js';
import type { VoterText } from '#server/http/voter-text.js';
import { requestOriginVerdict } from './request-origin.js';
import { SESSION_COOKIE } from '#server/http/route-schema.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Provider callbacks authenticate by signature, never by cookie, so the origin rule is moot there. */
const EXEMPT = /^\/api\/webhooks\//;
const SIGN_IN = '/api/login';

/** Voters may meet it too: a privacy extension that strips Origin and Referer looks cross-site. */
export const CROSS_SITE_REFUSED: VoterText = {
  en: 'This request did not come from this site and was refused. Reload the page and try again.',
  fr: 'Cette demande ne venait pas de ce site et a été refusée. Rechargez la page et réessayez.',
};

/**
 * CSRF protection by origin check (docs/decisions/0021-csrf-origin-check.md). A state-changing
 * request that carries the session cookie must come from our own origin; without the cookie it
 * has no authority to abuse and passes (anonymous voting and payments). Sign-in is also checked,
 * so another site cannot sign a visitor into an account of its choosing, but a sign-in with no
 * origin information at all (a script, not a browser) is allowed.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  // Callback style, not async: every request passes here, and most (reads, anonymous votes) leave
  // at the first line; an async hook would cost each of them a promise and a microtask turn.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    // The matched route pattern, so /api/login/ or percent-encoded spellings cannot dodge a rule.
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    if (EXEMPT.test(path)) return done();
    const hasSession = request.cookies[SESSION_COOKIE] !== undefined;
    if (!hasSession && path !== SIGN_IN) return done();
    const verdict = requestOriginVerdict(request);
    if (verdict === 'same-origin') return done();
    if (verdict === 'unknown' && !hasSession) return done();
    done(forbidden(CROSS_SITE_REFUSED));
  });
}
