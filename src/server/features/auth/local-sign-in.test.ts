import { eq, sql } from 'drizzle-orm';
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, sessions } from '#server/db/schema.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { createTestUser, signedInUser } from '#test/factories/user-factory.js';
import { NASTY_RETURN_TOS, staysOnSite } from '#test/support/nasty-return-tos.js';
import { CROSS_SITE_REFUSED } from './csrf.js';
import { THROTTLE_POLICY } from './login-throttle.js';
import { SESSION_COOKIE } from '#server/http/route-schema.js';
import { createSession, purgeExpiredSessions, sessionIdOf } from './session-store.js';
import { setPasswordHash } from './users-store.js';
import { purgeExpiredSessionsOnce } from './session-purge.js';

const PASSWORD = 'correct horse battery';

async function countOf(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.app.ctx.db.execute(query)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]?.n ?? 0;
}
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** A link followed on the site itself, as Chrome says it of a navigation. */
const FROM_SITE = { 'sec-fetch-site': 'same-origin', referer: 'http://localhost/' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
let ipCounter = 0;
/** Each test signs in from its own address, so per-IP failure counts never leak between tests. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/**
 * A password hash at scrypt's smallest sensible cost. Each hash carries its own parameters, so
 * sign-in checks it like any other, in a millisecond rather than ~70: for a test that makes a
 * hundred guesses, where the throttle, not scrypt, is the subject.
 */
function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`));
}

/** Failure delays are the throttle's business, tested where they are recorded. */
const noWait = async () => undefined;

describeEachDatabase('local sign-in', (kind) => {
  let t: TestApp;
  /** The failure delays the route asked for: recorded instead of waited. */
  const waits: number[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { ADMIN_EMAILS: 'boss@example.com, other@example.com' },
      {
        signInDelay: async (ms) => {
          waits.push(ms);
        },
      },
    );
  });
  afterAll(() => t.close());

  const signIn = (
    fields: Record<string, string>,
    options: { json?: boolean; ip?: string; headers?: Record<string, string> } = {},
  ) =>
    call(t.app, {
      method: 'POST',
      url: '/api/login',
      remoteAddress: options.ip ?? nextIp(),
      headers: {
        ...(options.json ? { 'content-type': 'application/json' } : FORM),
        ...options.headers,
      },
      body: options.json ? JSON.stringify(fields) : form(fields),
    });

  it('serves a self-contained sign-in page that keeps a safe returnTo', async () => {
    const response = await call(t.app, { url: '/api/login?returnTo=%2Fadmin%3Ftab%3D%22x%22' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('<form method="post" action="/api/login">');
    expect(response.body).toContain('name="returnTo" value="/admin?tab=%22x%22"');
    expect(response.body).not.toContain('<script');
    // The app's icon, named: without it the browser asks for /favicon.ico and logs a 404.
    expect(response.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    const evil = await call(t.app, { url: '/api/login?returnTo=https://evil.example/' });
    expect(evil.body).toContain('name="returnTo" value="/"');
  });

  it('signs in from the form: session cookie, 303 to the returnTo, then /api/auth/user', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const response = await signIn({
      email: user.email!.toUpperCase(),
      password: PASSWORD,
      returnTo: '/admin',
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/admin');
    const cookie = sessionCookieOf(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await call(t.app, {
      url: '/api/auth/user',
      headers: { cookie: cookie!.split(';')[0]! },
    });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
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
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, isAdmin: false });
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
      expect(response.status, returnTo).toBe(303);
      const location = response.headers.location!;
      expect(location.startsWith('/') && !location.startsWith('//'), returnTo).toBe(true);
      expect(new URL(location, 'http://localhost').origin).toBe('http://localhost');
      expect(location).not.toContain('api/logout');
    }
  });

  it('keeps dot-segment, backslash and control-character returnTos on this site', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const ip = nextIp();
    for (const returnTo of NASTY_RETURN_TOS) {
      const page = await call<string>(t.app, {
        url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
      });
      const rendered = /name="returnTo" value="([^"]*)"/.exec(page.body)?.[1];
      expect(rendered !== undefined && staysOnSite(rendered), `${returnTo} -> ${rendered}`).toBe(
        true,
      );
      const response = await signIn({ email: user.email!, password: PASSWORD, returnTo }, { ip });
      expect(response.status, returnTo).toBe(303);
      const location = response.headers.location!;
      expect(staysOnSite(location), `${JSON.stringify(returnTo)} -> ${location}`).toBe(true);
    }
  });

  it('shows the page again with an error and 401 for a wrong password or unknown e-mail', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const wrong = await signIn({ email: user.email!, password: 'not it at all' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('Incorrect e-mail or password.');
    expect(wrong.body).toContain(`value="${user.email}"`);
    expect(sessionCookieOf(wrong.headers['set-cookie'])).toBeUndefined();
    const unknown = await signIn(
      { email: 'nobody@example.com', password: PASSWORD },
      { json: true },
    );
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Incorrect e-mail or password.' });
    const missing = await signIn({ email: '' }, { json: true });
    expect(missing.status).toBe(400);
  });

  it('locks an account for the address that keeps failing (429), even with the right password', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const attacker = nextIp();
    const waitedBefore = waits.length;
    for (let i = 0; i < THROTTLE_POLICY.maxFailuresPerAccountAndAddress; i++) {
      const response = await signIn(
        { email: user.email!, password: `wrong-${i}` },
        { ip: attacker },
      );
      expect(response.status).toBe(401);
    }
    // Each failure is answered more slowly than the one before.
    const asked = waits.slice(waitedBefore);
    expect(asked).toHaveLength(THROTTLE_POLICY.maxFailuresPerAccountAndAddress);
    for (let i = 1; i < asked.length; i++) expect(asked[i]).toBeGreaterThan(asked[i - 1]!);
    expect(asked[0]).toBeGreaterThanOrEqual(THROTTLE_POLICY.delayStepMs);
    const locked = await signIn({ email: user.email!, password: PASSWORD }, { ip: attacker });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body).toContain('Too many failed sign-in attempts');
    const lockedJson = await signIn(
      { email: user.email!, password: PASSWORD },
      { json: true, ip: attacker },
    );
    expect(lockedJson.status).toBe(429);
    // The owner, elsewhere, still signs in: failures from one address cannot lock them out.
    const owner = await signIn({ email: user.email!, password: PASSWORD }, { ip: nextIp() });
    expect(owner.status).toBe(303);
    // Another account is not affected either, even from the attacker's address.
    const other = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    expect(
      (await signIn({ email: other.email!, password: PASSWORD }, { ip: attacker })).status,
    ).toBe(303);
  });

  it('lets at most the limit of simultaneous wrong passwords be tried; the rest get 429', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const ip = nextIp();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn({ email: user.email!, password: `wrong-${i}` }, { json: true, ip }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    const tried = statuses.filter((s) => s === 401).length;
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThanOrEqual(THROTTLE_POLICY.maxFailuresPerAccountAndAddress);
    expect(statuses.filter((s) => s === 429).length).toBe(30 - tried);
  }, 60_000);

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
    expect(response.body.isAdmin).toBe(true);

    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const sneaky = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      body: { email: user.email, password: PASSWORD, isAdmin: true, returnTo: '/' },
    });
    expect(sneaky.body.isAdmin).toBe(false);
  });

  it('rotates the session at sign-in: the session the browser had before is destroyed', async () => {
    const before = await signedInUser(t.app.ctx.db);
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const response = await signIn(
      { email: user.email!, password: PASSWORD },
      { headers: { cookie: before.cookie, origin: 'http://localhost' } },
    );
    expect(response.status).toBe(303);
    const after = sessionCookieOf(response.headers['set-cookie'])!.split(';')[0]!;
    expect(after).not.toBe(before.cookie);
    expect(
      (await call(t.app, { url: '/api/auth/user', headers: { cookie: before.cookie } })).status,
    ).toBe(401);
    expect((await call(t.app, { url: '/api/auth/user', headers: { cookie: after } })).body.id).toBe(
      user.id,
    );
  });

  it('logs out: the session row is deleted, the cookie cleared, the browser sent home', async () => {
    const { cookie, token } = await signedInUser(t.app.ctx.db);
    const response = await call(t.app, { url: '/api/logout', headers: { cookie, ...FROM_SITE } });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(sessionCookieOf(response.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const rows = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sessionIdOf(token)));
    expect(rows).toEqual([]);
    expect((await call(t.app, { url: '/api/auth/user', headers: { cookie } })).status).toBe(401);

    const second = await signedInUser(t.app.ctx.db);
    const post = await call(t.app, {
      method: 'POST',
      url: '/api/logout',
      headers: second.headers,
    });
    expect(post.status).toBe(303);
  });

  it('asks before signing out when the link was not followed from the site, and signs out from its button', async () => {
    const { cookie } = await signedInUser(t.app.ctx.db);
    const signedIn = async () =>
      (await call(t.app, { url: '/api/auth/user', headers: { cookie } })).status === 200;
    const elsewhere: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'same-site' },
      // Typed in the address bar, or opened from a bookmark.
      { 'sec-fetch-site': 'none' },
      { referer: 'https://evil.example/page' },
      // A site's own page, but Fetch Metadata says the navigation came from elsewhere.
      { 'sec-fetch-site': 'cross-site', referer: 'http://localhost/admin' },
      // Nothing to tell where it came from.
      {},
    ];
    for (const headers of elsewhere) {
      const page = await call(t.app, { url: '/api/logout', headers: { cookie, ...headers } });
      expect(page.status, JSON.stringify(headers)).toBe(200);
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<h1>Sign out?</h1>');
      expect(page.body).toContain('Se déconnecter&nbsp;?');
      expect(page.body).toContain('<form method="post" action="/api/logout">');
      expect(await signedIn(), JSON.stringify(headers)).toBe(true);
    }
    // The page's button is a post from the site itself; another site's post is refused.
    const crossSite = await call(t.app, {
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await signedIn()).toBe(true);
    const confirmed = await call(t.app, {
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'http://localhost' },
    });
    expect(confirmed.status).toBe(303);
    expect(await signedIn()).toBe(false);
  });

  it('signs out at once from a link on the site itself', async () => {
    for (const headers of [
      FROM_SITE,
      { referer: 'http://localhost/admin' },
      { 'sec-fetch-site': 'same-origin', referer: 'http://localhost/categories' },
    ]) {
      const { cookie } = await signedInUser(t.app.ctx.db);
      const response = await call(t.app, { url: '/api/logout', headers: { cookie, ...headers } });
      expect(response.status, JSON.stringify(headers)).toBe(302);
      expect((await call(t.app, { url: '/api/auth/user', headers: { cookie } })).status).toBe(401);
    }
  });

  it('answers 401 for an expired session and purges expired rows', async () => {
    const expired = await signedInUser(t.app.ctx.db, { ttlMs: -60_000 });
    const live = await signedInUser(t.app.ctx.db);
    const refused = await call(t.app, {
      url: '/api/auth/user',
      headers: { cookie: expired.cookie },
    });
    expect(refused.status).toBe(401);
    // The dead cookie is cleared so the browser stops sending it.
    expect(sessionCookieOf(refused.headers['set-cookie'])).toMatch(/Max-Age=0/);
    await createSession(
      t.app.ctx.db,
      { kind: 'oidc-pending', state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/' },
      -1000,
    );
    await t.app.ctx.db
      .insert(loginFailures)
      .values({ key: 'ended-window', failures: 3, windowEnds: new Date(Date.now() - 1000) });
    const purged = await purgeExpiredSessionsOnce(t.app.ctx.db);
    expect(purged).toBeGreaterThanOrEqual(2);
    expect(await purgeExpiredSessions(t.app.ctx.db)).toBe(0);
    expect(
      await countOf(t, sql`SELECT count(*)::int AS n FROM sessions WHERE expire < now()`),
    ).toBe(0);
    expect(
      await countOf(
        t,
        sql`SELECT count(*)::int AS n FROM login_failures WHERE window_ends < now()`,
      ),
    ).toBe(0);
    expect(
      (await call(t.app, { url: '/api/auth/user', headers: { cookie: live.cookie } })).status,
    ).toBe(200);
  });

  it('slides a session past half its lifetime forward and re-sends the cookie', async () => {
    const ttlMs = t.app.ctx.config.sessionTtlHours * 3_600_000;
    const aging = await signedInUser(t.app.ctx.db, { ttlMs: ttlMs / 4 });
    const response = await call(t.app, {
      url: '/api/auth/user',
      headers: { cookie: aging.cookie },
    });
    expect(response.status).toBe(200);
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
    const quiet = await call(t.app, { url: '/api/auth/user', headers: { cookie: fresh.cookie } });
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
    call(t.app, {
      method: 'POST',
      url: '/api/admin/categories',
      headers: { 'content-type': 'application/json', ...headers },
      body: { name: `Cat ${Math.random()}` },
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
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toEqual({ message: CROSS_SITE_REFUSED.en });
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
      expect((await createCategory(headers)).status, JSON.stringify(headers)).toBe(201);
    }
  });

  it('refuses a cross-site sign-in (login CSRF) but lets a script without Origin sign in', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const payload = { email: user.email, password: PASSWORD };
    const crossSite = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: payload,
    });
    expect(crossSite.status).toBe(403);
    const script = await call(t.app, { method: 'POST', url: '/api/login', body: payload });
    expect(script.status).toBe(200);
  });

  it('leaves anonymous mutations and provider webhooks to their own checks', async () => {
    const admin = await signedInUser(t.app.ctx.db, { isAdmin: true });
    const webhook = await call(t.app, {
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        cookie: admin.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: {},
    });
    expect(webhook.body.message).not.toBe(CROSS_SITE_REFUSED.en);
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/api/admin/categories',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: {},
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('sign-in limits per client address', () => {
  let t: TestApp;
  /** The failure delays the route asked for: recorded instead of waited. */
  const waits: number[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      {},
      {
        signInDelay: async (ms) => {
          waits.push(ms);
        },
      },
    );
  });
  afterAll(() => t.close());

  it('limits one address trying many accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < THROTTLE_POLICY.maxFailuresPerAddress; i++) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        body: { email: `spray${i}@example.com`, password: 'guess-guess' },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      body: { email: 'another@example.com', password: 'guess-guess' },
    });
    expect(blocked.status).toBe(429);
    // Every failure was slowed; none was waited out here.
    expect(waits).toHaveLength(THROTTLE_POLICY.maxFailuresPerAddress);
  });
});

describeEachDatabase('sign-in while one account is guessed from many addresses', (kind) => {
  const ADMIN = 'night@example.com';
  let t: TestApp;
  /** The failure delays the route asked for: recorded instead of waited. */
  const waits: number[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { ADMIN_EMAILS: ADMIN },
      {
        signInDelay: async (ms) => {
          waits.push(ms);
        },
      },
    );
  });
  afterAll(() => t.close());

  const signIn = (ip: string, password: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      json: { email: ADMIN, password },
    });

  it('lets the admin in with the right password after 110 wrong ones from 110 addresses', async () => {
    const admin = await createTestUser(t.app.ctx.db, { email: ADMIN });
    await setPasswordHash(t.app.ctx.db, admin.id, cheapHash(PASSWORD));
    // IPv4 addresses, and IPv6 ones each in a /64 of its own.
    const attackers = Array.from({ length: 110 }, (_, i) =>
      i < 80 ? `198.51.100.${i}` : `2001:db8:bad:${i.toString(16)}::${i.toString(16)}`,
    );
    const statuses: number[] = [];
    for (let i = 0; i < attackers.length; i += 10) {
      const batch = attackers.slice(i, i + 10).map((ip, j) => signIn(ip, `guess-${i + j}`));
      statuses.push(...(await Promise.all(batch)).map((response) => response.status));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(110);
    // Every failure was answered late; those past the account's threshold later still.
    expect(waits).toHaveLength(110);
    expect(waits.filter((ms) => ms === THROTTLE_POLICY.underAttackDelayMs)).toHaveLength(
      110 - THROTTLE_POLICY.slowAfterFailuresPerAccount,
    );
    expect(Math.max(...waits)).toBe(THROTTLE_POLICY.underAttackDelayMs);

    waits.length = 0;
    const signedIn = await signIn('192.0.2.10', PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ id: admin.id, email: ADMIN, isAdmin: true });
    expect(sessionCookieOf(signedIn.headers['set-cookie'])).toBeDefined();
    expect(waits).toEqual([]);

    // An attacking address is still held to its own limit on the account, right password or not.
    for (let i = 1; i < THROTTLE_POLICY.maxFailuresPerAccountAndAddress; i++) {
      expect((await signIn(attackers[0]!, `again-${i}`)).status).toBe(401);
    }
    expect((await signIn(attackers[0]!, PASSWORD)).status).toBe(429);
  });
});

describe('sign-in throttling behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRUST_PROXY: '1' }, { signInDelay: noWait });
  });
  afterAll(() => t.close());

  it('counts the address the proxy saw, whatever the client wrote in front of it', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const attempt = (forged: string, password: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.50` },
        body: { email: user.email, password },
      });
    for (let i = 0; i < THROTTLE_POLICY.maxFailuresPerAccountAndAddress; i++) {
      expect((await attempt(`198.51.100.${i}`, `wrong-${i}`)).status).toBe(401);
    }
    expect((await attempt('198.51.100.99', PASSWORD)).status).toBe(429);
  });
});

describe('cookies behind an HTTPS proxy', () => {
  it('marks the session cookie Secure in production with an https PUBLIC_URL, without TRUST_PROXY', async () => {
    const t = await createTestApp('pglite', {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://vote.example',
    });
    try {
      const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
      // The proxy talks plain HTTP to the app and nothing tells the app the visitor used HTTPS.
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/login',
        headers: { origin: 'https://vote.example', ...FORM },
        body: form({ email: user.email!, password: PASSWORD }),
      });
      expect(response.status).toBe(303);
      expect(sessionCookieOf(response.headers['set-cookie'])).toMatch(/; Secure/);
      const logout = await call(t.app, {
        url: '/api/logout',
        headers: {
          cookie: sessionCookieOf(response.headers['set-cookie'])!.split(';')[0]!,
          ...FROM_SITE,
        },
      });
      expect(sessionCookieOf(logout.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });

  it('marks the session cookie Secure when the request came over HTTPS', async () => {
    const t = await createTestApp('pglite', { TRUST_PROXY: '1' }, { signInDelay: noWait });
    try {
      const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/login',
        // inject's Host is localhost:80, so over HTTPS the site's origin is https://localhost:80.
        headers: { 'x-forwarded-proto': 'https', origin: 'https://localhost:80', ...FORM },
        body: form({ email: user.email!, password: PASSWORD }),
      });
      expect(response.status).toBe(303);
      expect(sessionCookieOf(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });
});
