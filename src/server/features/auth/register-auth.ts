import type { FastifyInstance } from 'fastify';
import { resendRenewedCookie } from './current-user.js';
import { registerCsrfProtection } from './csrf.js';
import { registerRouteAccess } from './route-access.js';

/**
 * Sessions, guards and CSRF for the whole app. Called on the root instance (not as an
 * encapsulated plugin) after @fastify/cookie and before any route, so its hooks see every route.
 */
export function registerAuth(app: FastifyInstance): void {
  registerRouteAccess(app, app.ctx.routeAccess);
  registerCsrfProtection(app);
  app.addHook('onSend', resendRenewedCookie);
}
