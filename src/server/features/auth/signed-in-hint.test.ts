import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { createTestUser, signedInUser } from '#test/factories/user-factory.js';
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.js';
import { SESSION_COOKIE } from '#server/http/route-schema.js';

const PASSWORD = 'correct horse battery';

function cookieLine(setCookie: string | string[] | undefined, name: string): string | undefined {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return lines.find((line) => line.startsWith(`${name}=`));
}
const maxAgeOf = (line: string | undefined) => Number(/Max-Age=(\d+)/.exec(line ?? '')?.[1]);

describe('hasSignedInHint', () => {
  it('finds the hint among other cookies, and only the hint', () => {
    expect(hasSignedInHint(`a=1; ${SIGNED_IN_HINT_COOKIE}=1; b=2`)).toBe(true);
    expect(hasSignedInHint(`${SIGNED_IN_HINT_COOKIE}=1`)).toBe(true);
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint(`x${SIGNED_IN_HINT_COOKIE}=1; language=fr`)).toBe(false);
  });
});

describeEachDatabase('the signed-in hint cookie', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('comes with the session at sign-in: readable by the page, same lifetime', async () => {
    const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const session = cookieLine(response.headers['set-cookie'], SESSION_COOKIE);
    const hint = cookieLine(response.headers['set-cookie'], SIGNED_IN_HINT_COOKIE);
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/Path=\//);
    expect(hint).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/HttpOnly/);
    expect(Math.abs(maxAgeOf(hint) - maxAgeOf(session))).toBeLessThanOrEqual(1);
  });

  it('goes away with the session at logout', async () => {
    const { cookie } = await signedInUser(t.app.ctx.db);
    const response = await call(t.app, {
      url: '/api/logout',
      // The header's Logout link, followed on the site itself.
      headers: { cookie: `${cookie}; ${SIGNED_IN_HINT_COOKIE}=1`, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).toBe(302);
    expect(cookieLine(response.headers['set-cookie'], SESSION_COOKIE)).toMatch(/Max-Age=0/);
    expect(cookieLine(response.headers['set-cookie'], SIGNED_IN_HINT_COOKIE)).toMatch(/Max-Age=0/);
  });

  it('is cleared when the session turns out to be over, while the 401 stays', async () => {
    const expired = await signedInUser(t.app.ctx.db, { ttlMs: -60_000 });
    const response = await call(t.app, {
      url: '/api/auth/user',
      headers: { cookie: `${expired.cookie}; ${SIGNED_IN_HINT_COOKIE}=1` },
    });
    expect(response.status).toBe(401);
    expect(cookieLine(response.headers['set-cookie'], SESSION_COOKIE)).toMatch(/Max-Age=0/);
    expect(cookieLine(response.headers['set-cookie'], SIGNED_IN_HINT_COOKIE)).toMatch(/Max-Age=0/);

    // A hint left behind without any session cookie is dropped too.
    const orphan = await call(t.app, {
      url: '/api/auth/user',
      headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1` },
    });
    expect(orphan.status).toBe(401);
    expect(cookieLine(orphan.headers['set-cookie'], SIGNED_IN_HINT_COOKIE)).toMatch(/Max-Age=0/);
  });

  it('is added to a live session that lacks it, and not re-sent when present', async () => {
    const { cookie } = await signedInUser(t.app.ctx.db);
    const without = await call(t.app, { url: '/api/auth/user', headers: { cookie } });
    expect(without.status).toBe(200);
    const hint = cookieLine(without.headers['set-cookie'], SIGNED_IN_HINT_COOKIE);
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    expect(maxAgeOf(hint)).toBeGreaterThan(3000);

    const withHint = await call(t.app, {
      url: '/api/auth/user',
      headers: { cookie: `${cookie}; ${SIGNED_IN_HINT_COOKIE}=1` },
    });
    expect(withHint.status).toBe(200);
    expect(withHint.headers['set-cookie']).toBeUndefined();
  });

  it('leaves a visitor without cookies alone', async () => {
    const response = await call(t.app, { url: '/api/auth/user' });
    expect(response.status).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
