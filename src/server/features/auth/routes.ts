import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthorizationResponseError } from 'openid-client';
import { z } from 'zod';
import { notFound, unauthorized } from '#server/http/http-error.js';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import { currentUserSchema, localSignInSchema } from '#shared/schemas/auth.js';
import { endSession, getUser, startSession } from './current-user.js';
import { verifyPassword } from './password-hash.js';
import { appOrigin, followedFromThisSite } from './request-origin.js';
import { safeReturnTo } from './return-to.js';
import { clearCookie, cookieOptions, OIDC_CALLBACK_PATH, OIDC_COOKIE } from './session-cookie.js';
import { createSession, takeSession } from './session-store.js';
import { renderSignInPage, renderSignInProblemPage, renderSignOutPage } from './sign-in-page.js';
import {
  applyAdminEmails,
  findLocalAccount,
  normalizeEmail,
  toCurrentUser,
  upsertIdentityUser,
} from './users-store.js';

const PENDING_SIGN_IN_SECONDS = 600;

/**
 * Sign-in answers pages and redirects to browsers and JSON to scripts, and reads its own input
 * (form or JSON, refused as a page or as JSON): its schemas document the answers only.
 */
const PAGE = z.string().describe('An HTML page');
const REDIRECT = z.null().describe('A redirect (see Location)');
const pageRoute = (
  operation: { operationId: string; summary: string },
  response: Record<number, z.ZodType>,
) => ({
  ...operation,
  tags: ['sign-in'],
  produces: ['text/html', 'application/json'],
  response,
});
const returnToQuerySchema = z.object({ returnTo: z.string().optional() }).catch({});

/** JSON callers (fetch, scripts) get JSON answers; a browser form gets pages and redirects. */
function wantsJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) return true;
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

const waitMessage = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
};

/** GET /api/auth/user, /api/login, /api/logout and the OpenID Connect /api/callback. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  const { throttle, delay, oidc } = app.ctx.auth;
  const redirectUri = (request: FastifyRequest) => `${appOrigin(request)}${OIDC_CALLBACK_PATH}`;

  app.get(
    '/auth/user',
    {
      schema: {
        operationId: 'getCurrentUser',
        summary: 'Get the signed-in user',
        tags: ['sign-in'],
        // Not guarded by route-access: it reads the session itself, and answers 401 without one.
        security: SESSION_REQUIRED,
        response: { 200: currentUserSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = await getUser(request);
      if (!user) throw unauthorized();
      reply.header('cache-control', 'no-store');
      return user;
    },
  );

  app.get(
    '/login',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: pageRoute(
        {
          operationId: 'startSignIn',
          summary: 'Show the sign-in page, or send the browser to the identity provider',
        },
        { 200: PAGE, 302: REDIRECT, 503: PAGE, ...errorResponses(429) },
      ),
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(returnToQuerySchema.parse(request.query).returnTo);
      if (!oidc) return html(reply, 200, renderSignInPage({ returnTo }));
      let started;
      try {
        started = await oidc.authorizationUrl(redirectUri(request), returnTo);
      } catch (err) {
        request.log.error({ err }, 'OpenID Connect discovery failed');
        return html(
          reply,
          503,
          renderSignInProblemPage(
            'The sign-in service is unavailable right now. Please try again in a moment.',
          ),
        );
      }
      const { token } = await createSession(db, started.pending, PENDING_SIGN_IN_SECONDS * 1000);
      reply.setCookie(
        OIDC_COOKIE,
        token,
        cookieOptions(request, PENDING_SIGN_IN_SECONDS, OIDC_CALLBACK_PATH),
      );
      return reply.header('cache-control', 'no-store').redirect(started.url.href, 302);
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: pageRoute(
        { operationId: 'signIn', summary: 'Sign in with an e-mail address and password' },
        { 200: currentUserSchema, 303: REDIRECT, ...errorResponses(400, 401, 404, 429) },
      ),
    },
    async (request, reply) => {
      if (oidc) throw notFound('This site signs in with its identity provider: open /api/login');
      const json = wantsJson(request);
      const body: unknown = request.body ?? {};
      const returnTo = safeReturnTo(
        typeof body === 'object' && body !== null && 'returnTo' in body ? body.returnTo : undefined,
      );
      const fail = (status: number, message: string, email?: string) =>
        json
          ? reply.status(status).header('cache-control', 'no-store').send({ message })
          : html(reply, status, renderSignInPage({ error: message, email, returnTo }));

      const parsed = localSignInSchema.safeParse(body);
      if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? 'Invalid sign-in');
      const email = normalizeEmail(parsed.data.email);
      // Counted before the password is checked, so simultaneous guesses cannot outrun the limit.
      const attempt = await throttle.reserve({ email, ip: request.ip });
      if (!attempt.allowed) {
        reply.header('retry-after', String(attempt.retryAfterSeconds));
        return fail(429, waitMessage(attempt.retryAfterSeconds), email);
      }
      const account = await findLocalAccount(db, email);
      const valid = await verifyPassword(parsed.data.password, account?.passwordHash);
      if (!account || !valid) {
        await delay(attempt.failureDelayMs);
        return fail(401, 'Incorrect e-mail or password.', email);
      }
      await throttle.succeeded(attempt.keys);
      const user = toCurrentUser(await applyAdminEmails(db, account.user, config.adminEmails));
      await startSession(request, reply, user, { method: 'local' });
      request.log.info({ userId: user.id }, 'signed in (local account)');
      if (json) return reply.header('cache-control', 'no-store').send(user);
      return reply.redirect(returnTo, 303);
    },
  );

  const callback = pageRoute(
    {
      operationId: 'completeSignIn',
      summary: 'Finish signing in on return from the identity provider',
    },
    { 302: REDIRECT, 400: PAGE, ...errorResponses(404) },
  );
  app.get(
    OIDC_CALLBACK_PATH.replace(/^\/api/, ''),
    { schema: callback },
    async (request, reply) => {
      if (!oidc) throw notFound('Sign-in with an identity provider is not configured');
      const token = request.cookies[OIDC_COOKIE];
      clearCookie(request, reply, OIDC_COOKIE, OIDC_CALLBACK_PATH);
      const pending = token ? await takeSession(db, token) : null;
      if (pending?.kind !== 'oidc-pending') {
        return html(
          reply,
          400,
          renderSignInProblemPage(
            'This sign-in link has expired or was opened in another browser. Please sign in again.',
          ),
        );
      }
      const callbackUrl = new URL(redirectUri(request));
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      try {
        const { claims, idToken } = await oidc.complete(callbackUrl, pending);
        const row = await applyAdminEmails(
          db,
          await upsertIdentityUser(db, claims),
          config.adminEmails,
        );
        await startSession(request, reply, toCurrentUser(row), { method: 'oidc', idToken });
        request.log.info({ userId: row.id }, 'signed in (OpenID Connect)');
        // Checked again: the pending row was written by this code, but a redirect is cheap to re-check.
        return reply
          .header('cache-control', 'no-store')
          .redirect(safeReturnTo(pending.returnTo), 302);
      } catch (err) {
        request.log.warn({ err }, 'OpenID Connect sign-in failed');
        const message =
          err instanceof AuthorizationResponseError
            ? 'Sign-in was cancelled or refused by the identity provider.'
            : 'The identity provider could not confirm your sign-in. Please try again.';
        return html(reply, 400, renderSignInProblemPage(message));
      }
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await endSession(request, reply);
    let target = '/';
    if (oidc && session?.method === 'oidc') {
      const endSessionUrl = await oidc
        .endSessionUrl(`${appOrigin(request)}/`, session.idToken)
        .catch((err: unknown) => {
          request.log.warn({ err }, 'could not build the identity provider sign-out URL');
          return null;
        });
      if (endSessionUrl) target = endSessionUrl.href;
    }
    return reply
      .header('cache-control', 'no-store')
      .redirect(target, request.method === 'GET' ? 302 : 303);
  };
  app.get(
    '/logout',
    {
      schema: pageRoute(
        {
          operationId: 'signOutFromLink',
          summary: 'Sign out from a link, asking first when it was followed from elsewhere',
        },
        { 200: PAGE, 302: REDIRECT },
      ),
    },
    async (request, reply) => {
      // A sign-out link followed from another site (or typed) asks first, so no other site can
      // sign an organiser out with a link; the page's button posts, as only this site can.
      if (!followedFromThisSite(request)) {
        return html(reply, 200, renderSignOutPage());
      }
      return logout(request, reply);
    },
  );
  app.post(
    '/logout',
    {
      // 403: the origin check refuses a sign-out that carries the session from another site.
      schema: pageRoute(
        { operationId: 'signOut', summary: 'Sign out' },
        { 303: REDIRECT, ...errorResponses(403) },
      ),
    },
    logout,
  );
}
