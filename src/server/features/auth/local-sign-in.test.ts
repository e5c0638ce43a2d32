import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { describeEachDatabase } from '../../../../test/support/test-database.js';
import { createTestUser, signedInUser } from '../../../../test/factories/user-factory.js';
import { THROTTLE_POLICY } from './login-throttle.js';
import { SESSION_COOKIE } from './session-cookie.js';
import { createSession, purgeExpiredSessions, sessionIdOf } from './session-store.js';
import { purgeExpiredSessionsOnce } from './session-purge.js';

const PASSWORD = 'correct horse battery';

async function countOf(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.app.ctx.db.execute(query)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]?.n ?? 0;
}
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
let ipCounter = 0;
/** Each test signs in from its own address, so per-IP failure counts never leak between tests. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`));
}

describeEachDatabase('local sign-in', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: 'boss@example.com, other@example.com' });
  });
  afterAll(() => t.close());

  const signIn = (
    fields: Record<string, string>,
    options: { json?: boolean; ip?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: options.ip ?? nextIp(),
      headers: {
        ...(options.json ? { 'content-type': 'application/json' } : FORM),
        ...options.headers,
      },
      payload: options.json ? JSON.stringify(fields) : form(fields),
    });

  it('serves a self-contained sign-in page that keeps a safe returnTo', async () => {
    const response = await t.app.inject({ url: '/api/login?returnTo=%2Fadmin%3Ftab%3D%22x%22' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('<form method="post" action="/api/login">');
    expect(response.body).toContain('name="returnTo" value="/admin?tab=%22x%22"');
    expect(response.body).not.toContain('<script');
    const evil = await t.app.inject({ url: '/api/login?returnTo=https://evil.example/' });
    expect(evil.body).toContain('name="returnTo" value="/"');
  });

  it('signs in from the form: session cookie, 303 to the returnTo, then /api/auth/user', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const response = await signIn({
      email: user.email!.toUpperCase(),
      password: PASSWORD,
      returnTo: '/admin',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin');
    const cookie = sessionCookieOf(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await t.app.inject({
      url: '/api/auth/user',
      headers: { cookie: cookie!.split(';')[0]! },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: user.id,
      email: user.email,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      isAdmin: false,
    });
  });

  it('signs in with JSON and answers the user', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const response = await signIn({ email: user.email!, password: PASSWORD }, { json: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, isAdmin: false });
    expect(sessionCookieOf(response.headers['set-cookie'])).toBeDefined();
  });

  it('refuses open redirects: any returnTo off this site becomes /', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    for (const returnTo of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      '/%0d%0aLocation:%20https://evil.example',
      'http:/evil.example',
      '/api/logout',
    ]) {
      const response = await signIn({ email: user.email!, password: PASSWORD, returnTo });
      expect(response.statusCode, returnTo).toBe(303);
      const location = response.headers.location!;
      expect(location.startsWith('/') && !location.startsWith('//'), returnTo).toBe(true);
      expect(new URL(location, 'http://localhost').origin).toBe('http://localhost');
      expect(location).not.toContain('api/logout');
    }
  });

  it('shows the page again with an error and 401 for a wrong password or unknown e-mail', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const wrong = await signIn({ email: user.email!, password: 'not it at all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Incorrect e-mail or password.');
    expect(wrong.body).toContain(`value="${user.email}"`);
    expect(sessionCookieOf(wrong.headers['set-cookie'])).toBeUndefined();
    const unknown = await signIn(
      { email: 'nobody@example.com', password: PASSWORD },
      { json: true },
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Incorrect e-mail or password.' });
    const missing = await signIn({ email: '' }, { json: true });
    expect(missing.statusCode).toBe(400);
  });

  it('locks an e-mail after repeated failures (429), even with the right password', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const started = Date.now();
    for (let i = 0; i < THROTTLE_POLICY.maxFailuresPerEmail; i++) {
      expect((await signIn({ email: user.email!, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    // Each failure is answered more slowly than the one before.
    expect(Date.now() - started).toBeGreaterThanOrEqual(
      THROTTLE_POLICY.delayStepMs * (1 + 2 + 3 + 4),
    );
    const locked = await signIn({ email: user.email!, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body).toContain('Too many failed sign-in attempts');
    const lockedJson = await signIn({ email: user.email!, password: PASSWORD }, { json: true });
    expect(lockedJson.statusCode).toBe(429);
    // Another account is not affected.
    const other = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    expect((await signIn({ email: other.email!, password: PASSWORD })).statusCode).toBe(303);
  });

  it('applies ADMIN_EMAILS at sign-in, and no request can make itself admin', async () => {
    const boss = await createTestUser(t.app.ctx.db, {
      email: 'boss@example.com',
      password: PASSWORD,
    });
    expect(boss.isAdmin).toBe(false);
    const response = await signIn(
      { email: 'boss@example.com', password: PASSWORD },
      { json: true },
    );
    expect(response.json().isAdmin).toBe(true);

    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const sneaky = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: { email: user.email, password: PASSWORD, isAdmin: true, returnTo: '/' },
    });
    expect(sneaky.json().isAdmin).toBe(false);
  });

  it('rotates the session at sign-in: the session the browser had before is destroyed', async () => {
    const before = await signedInUser(t.app.ctx.db);
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const response = await signIn(
      { email: user.email!, password: PASSWORD },
      { headers: { cookie: before.cookie, origin: 'http://localhost' } },
    );
    expect(response.statusCode).toBe(303);
    const after = sessionCookieOf(response.headers['set-cookie'])!.split(';')[0]!;
    expect(after).not.toBe(before.cookie);
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: before.cookie } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: after } })).json().id,
    ).toBe(user.id);
  });

  it('logs out: the session row is deleted, the cookie cleared, the browser sent home', async () => {
    const { cookie, token } = await signedInUser(t.app.ctx.db);
    const response = await t.app.inject({ url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(sessionCookieOf(response.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const rows = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sessionIdOf(token)));
    expect(rows).toEqual([]);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(
      401,
    );

    const second = await signedInUser(t.app.ctx.db);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: second.headers,
    });
    expect(post.statusCode).toBe(303);
  });

  it('answers 401 for an expired session and purges expired rows', async () => {
    const expired = await signedInUser(t.app.ctx.db, { ttlMs: -60_000 });
    const live = await signedInUser(t.app.ctx.db);
    const refused = await t.app.inject({
      url: '/api/auth/user',
      headers: { cookie: expired.cookie },
    });
    expect(refused.statusCode).toBe(401);
    // The dead cookie is cleared so the browser stops sending it.
    expect(sessionCookieOf(refused.headers['set-cookie'])).toMatch(/Max-Age=0/);
    await createSession(
      t.app.ctx.db,
      { kind: 'oidc-pending', state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/' },
      -1000,
    );
    const purged = await purgeExpiredSessionsOnce(t.app.ctx.db);
    expect(purged).toBeGreaterThanOrEqual(2);
    expect(await purgeExpiredSessions(t.app.ctx.db)).toBe(0);
    expect(
      await countOf(t, sql`SELECT count(*)::int AS n FROM sessions WHERE expire < now()`),
    ).toBe(0);
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: live.cookie } })).statusCode,
    ).toBe(200);
  });

  it('slides a session past half its lifetime forward and re-sends the cookie', async () => {
    const ttlMs = t.app.ctx.config.sessionTtlHours * 3_600_000;
    const aging = await signedInUser(t.app.ctx.db, { ttlMs: ttlMs / 4 });
    const response = await t.app.inject({
      url: '/api/auth/user',
      headers: { cookie: aging.cookie },
    });
    expect(response.statusCode).toBe(200);
    const maxAge = Number(
      /Max-Age=(\d+)/.exec(sessionCookieOf(response.headers['set-cookie'])!)![1],
    );
    expect(maxAge).toBeGreaterThan((ttlMs / 1000) * 0.9);
    const [row] = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sessionIdOf(aging.token)));
    expect(row!.expire.getTime()).toBeGreaterThan(Date.now() + ttlMs * 0.9);
    const fresh = await signedInUser(t.app.ctx.db, { ttlMs });
    const quiet = await t.app.inject({ url: '/api/auth/user', headers: { cookie: fresh.cookie } });
    expect(sessionCookieOf(quiet.headers['set-cookie'])).toBeUndefined();
  });
});

describeEachDatabase('CSRF protection', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const createCategory = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { 'content-type': 'application/json', ...headers },
      payload: { name: `Cat ${Math.random()}` },
    });
  const categoryCount = () => countOf(t, sql`SELECT count(*)::int AS n FROM categories`);

  it('refuses a cookie-authenticated mutation from another origin, or with no origin at all', async () => {
    const admin = await signedInUser(t.app.ctx.db, { isAdmin: true });
    const before = await categoryCount();
    const crossSite: Array<Record<string, string>> = [
      { cookie: admin.cookie, origin: 'https://evil.example' },
      { cookie: admin.cookie, origin: 'null' },
      { cookie: admin.cookie, referer: 'https://evil.example/page' },
      { cookie: admin.cookie, 'sec-fetch-site': 'cross-site' },
      { cookie: admin.cookie, origin: 'null', 'sec-fetch-site': 'cross-site' },
      { cookie: admin.cookie },
    ];
    for (const headers of crossSite) {
      const response = await createCategory(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    }
    expect(await categoryCount()).toBe(before);
  });

  it('accepts the same mutation from the site itself (Origin, Referer or Fetch Metadata)', async () => {
    const admin = await signedInUser(t.app.ctx.db, { isAdmin: true });
    const sameSite: Array<Record<string, string>> = [
      { cookie: admin.cookie, origin: 'http://localhost' },
      { cookie: admin.cookie, referer: 'http://localhost/admin' },
      { cookie: admin.cookie, 'sec-fetch-site': 'same-origin' },
      // Chrome's form posts under a strict referrer policy: opaque Origin, Fetch Metadata says same-origin.
      { cookie: admin.cookie, origin: 'null', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of sameSite) {
      expect((await createCategory(headers)).statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('refuses a cross-site sign-in (login CSRF) but lets a script without Origin sign in', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const payload = { email: user.email, password: PASSWORD };
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
    const script = await t.app.inject({ method: 'POST', url: '/api/login', payload });
    expect(script.statusCode).toBe(200);
  });

  it('leaves anonymous mutations and provider webhooks to their own checks', async () => {
    const admin = await signedInUser(t.app.ctx.db, { isAdmin: true });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        cookie: admin.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      payload: {},
    });
    expect(webhook.json().message).not.toBe('Cross-site request refused');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('sign-in limits per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('limits one address trying many accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < THROTTLE_POLICY.maxFailuresPerIp; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        payload: { email: `spray${i}@example.com`, password: 'guess-guess' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { email: 'another@example.com', password: 'guess-guess' },
    });
    expect(blocked.statusCode).toBe(429);
  }, 60_000);
});

describe('cookies behind an HTTPS proxy', () => {
  it('marks the session cookie Secure when the request came over HTTPS', async () => {
    const t = await createTestApp('pglite', { TRUST_PROXY: 'true' });
    try {
      const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        // inject's Host is localhost:80, so over HTTPS the site's origin is https://localhost:80.
        headers: { 'x-forwarded-proto': 'https', origin: 'https://localhost:80', ...FORM },
        payload: form({ email: user.email!, password: PASSWORD }),
      });
      expect(response.statusCode).toBe(303);
      expect(sessionCookieOf(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });
});
