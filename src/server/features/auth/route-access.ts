import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { requireAdmin, requireUser } from './guards.js';

export type RouteAccess = 'public' | 'user' | 'admin';

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

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

const registries = new WeakMap<AppContext, RouteAccessEntry[]>();

/** Every route the app registered, with the access it enforces (for the guard test and audits). */
export function routeAccessRegistry(app: FastifyInstance): readonly RouteAccessEntry[] {
  return registries.get(app.ctx) ?? [];
}

/**
 * Makes access control structural: an onRoute hook on the root instance sees every route as it is
 * registered and prepends the guard its path or `config.access` calls for, ahead of the route's
 * own hooks, body parsing and validation. A route cannot opt out of an admin path.
 */
export function registerRouteAccess(app: FastifyInstance): void {
  const registry: RouteAccessEntry[] = [];
  registries.set(app.ctx, registry);
  app.addHook('onRoute', (route) => {
    const requested = route.config?.access ?? 'public';
    const access: RouteAccess = isAdminPath(route.url) ? 'admin' : requested;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registry.push({ method, url: route.url, access });
    if (access === 'public') return;
    const guard: onRequestHookHandler = access === 'admin' ? requireAdmin : requireUser;
    const own = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [guard, ...own];
    route.config = { ...route.config, access };
  });
}
