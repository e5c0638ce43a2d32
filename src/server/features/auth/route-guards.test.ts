import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { call } from '#test/support/call-app.js';
import { openSse } from '#test/support/sse-client.js';
import { buildTestApp, createTestApp, type TestApp } from '#test/support/test-app.js';
import { createTestDatabase, describeEachDatabase } from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { isAdminPath, type RouteAccessEntry } from './route-access.js';

/** Every admin route; each must exist and be admin-only. */
const EXPECTED_ADMIN_ROUTES = [
  'GET /api/admin/artists',
  'POST /api/admin/artists',
  'PUT /api/admin/artists/:id',
  'DELETE /api/admin/artists/:id',
  'POST /api/admin/artists/:id/restore',
  'POST /api/admin/categories',
  'PUT /api/admin/categories/:id',
  'DELETE /api/admin/categories/:id',
  'GET /api/stats',
  'GET /api/stats/period/:period',
  'GET /api/analytics/category-rankings/:period',
  'GET /api/analytics/timeseries/:period',
  'GET /api/admin/live',
];

/** Admin routes that answer a Server-Sent Events stream (their refusals end like any answer). */
const STREAMS = new Set(['/api/admin/live']);

const PARAM_VALUES: Record<string, string> = { period: 'all', link: 'abcdefgh12345678' };
const concreteUrl = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => PARAM_VALUES[name] ?? randomUUID());

describeEachDatabase('admin route guards', (kind) => {
  let t: TestApp;
  let adminRoutes: RouteAccessEntry[];
  let member: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminRoutes = t.app.ctx.routeAccess.filter((r) => r.access === 'admin' && r.method !== 'HEAD');
    member = await signedInUser(t.app.ctx.db);
    admin = await signedInUser(t.app.ctx.db, { isAdmin: true });
  });
  afterAll(() => t.close());

  it('registers every expected admin route, and every route on an admin path is admin-only', () => {
    const registered = new Set(adminRoutes.map((r) => `${r.method} ${r.url}`));
    for (const route of EXPECTED_ADMIN_ROUTES) expect(registered).toContain(route);
    const all = t.app.ctx.routeAccess;
    const unguarded = all.filter((r) => isAdminPath(r.url) && r.access !== 'admin');
    expect(unguarded).toEqual([]);
  });

  const callRoute = (route: RouteAccessEntry, headers: Record<string, string>) =>
    call(t.app, {
      method: route.method as 'GET',
      url: concreteUrl(route.url),
      headers: {
        origin: 'http://localhost',
        ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(route.method === 'GET' ? {} : { body: '{}' }),
    });

  it('answers 401 Unauthorized to every admin route when signed out', async () => {
    for (const route of adminRoutes) {
      const response = await callRoute(route, {});
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers 403 to every admin route for a signed-in user without isAdmin', async () => {
    for (const route of adminRoutes) {
      const response = await callRoute(route, { cookie: member.cookie });
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      expect(response.body.message).toBe('Admin access required');
    }
  });

  it('lets an admin through every admin route (whatever the handler then says)', async () => {
    for (const route of adminRoutes) {
      if (STREAMS.has(route.url)) {
        // A stream never ends: open it over loopback, read its status, and let it go.
        const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
        const stream = await openSse(`${base}${route.url}`, { cookie: admin.cookie });
        stream.close();
        expect(stream.status, route.url).toBe(200);
        continue;
      }
      const response = await callRoute(route, { cookie: admin.cookie });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.status);
      expect(response.status, `${route.method} ${route.url}`).toBeLessThan(500);
    }
  });

  it('answers 401 for an unknown or expired session cookie', async () => {
    const response = await call(t.app, {
      url: '/api/stats',
      headers: { cookie: 'palmares.sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(response.status).toBe(401);
  });
});

describeEachDatabase('a new route on an admin path', (kind) => {
  it('is guarded even when it is registered later and asks to be public', async () => {
    const database = await createTestDatabase(kind);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const app = await buildTestApp(database, config);
    await app.register(async (late) => {
      late.get('/api/admin/rogue', { config: { access: 'public' } }, async () => ({ ok: true }));
      late.get('/api/voter-tracking/export', async () => ({ ok: true }));
    });
    await app.ready();
    try {
      for (const url of ['/api/admin/rogue', '/api/voter-tracking/export']) {
        expect((await call(app, { url })).status).toBe(401);
        const member = await signedInUser(database.db);
        expect((await call(app, { url, headers: { cookie: member.cookie } })).status).toBe(403);
      }
      expect(app.ctx.routeAccess).toContainEqual({
        method: 'GET',
        url: '/api/admin/rogue',
        access: 'admin',
      });
    } finally {
      await app.close();
      await database.destroy();
    }
  }, 120_000);
});
