import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../http/http-error.js';
import { requestOriginVerdict } from './request-origin.js';
import { SESSION_COOKIE } from './session-cookie.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Provider callbacks authenticate by signature, never by cookie, so the origin rule is moot there. */
const EXEMPT = /^\/api\/webhooks\//;
const SIGN_IN = '/api/login';

/**
 * CSRF protection by origin check (docs/decisions/0021-csrf-origin-check.md). A state-changing
 * request that carries the session cookie must come from our own origin; without the cookie it
 * has no authority to abuse and passes (anonymous voting and payments). Sign-in is also checked,
 * so another site cannot sign a visitor into an account of its choosing, but a sign-in with no
 * origin information at all (a script, not a browser) is allowed.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // The matched route pattern, so /api/login/ or percent-encoded spellings cannot dodge a rule.
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    if (EXEMPT.test(path)) return;
    const hasSession = request.cookies[SESSION_COOKIE] !== undefined;
    if (!hasSession && path !== SIGN_IN) return;
    const verdict = requestOriginVerdict(request);
    if (verdict === 'same-origin') return;
    if (verdict === 'unknown' && !hasSession) return;
    throw forbidden('Cross-site request refused');
  });
}
