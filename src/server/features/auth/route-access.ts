import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { requireAdmin, requireUser } from './guards.js';
import type { RouteAccess, RouteAccessEntry } from './route-access-entry.js';

export type { RouteAccess, RouteAccessEntry } from './route-access-entry.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; admin-only paths (see ADMIN_PATHS) are `admin` whatever this says. */
    access?: RouteAccess;
  }
}

/** Every route under these paths is admin-only, whoever writes it and wherever it is registered. */
export const ADMIN_PATHS = [
  /^\/api\/admin(\/|$)/,
  /^\/api\/stats(\/|$)/,
  /^\/api\/analytics(\/|$)/,
  /^\/api\/voter-tracking(\/|$)/,
];

export const isAdminPath = (url: string) => ADMIN_PATHS.some((pattern) => pattern.test(url));

/**
 * Makes access control structural: an onRoute hook on the root instance sees every route as it is
 * registered and prepends the guard its path or `config.access` calls for, ahead of the route's
 * own hooks, body parsing and validation. A route cannot opt out of an admin path. Each route is
 * noted in `registry` (the app's `ctx.routeAccess`).
 */
export function registerRouteAccess(app: FastifyInstance, registry: RouteAccessEntry[]): void {
  app.addHook('onRoute', (route) => {
    const requested = route.config?.access ?? 'public';
    const access: RouteAccess = isAdminPath(route.url) ? 'admin' : requested;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registry.push({ method, url: route.url, access });
    if (access === 'public') return;
    const guard: onRequestAsyncHookHandler = access === 'admin' ? requireAdmin : requireUser;
    const own = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [guard, ...own];
    route.config = { ...route.config, access };
  });
}
