import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import {
  OidcBrowser,
  startOidcProvider,
  type TestOidcProvider,
} from '#test/support/oidc-provider.js';
import { createTestUser } from '#test/factories/user-factory.js';
import { NASTY_RETURN_TOS, staysOnSite } from '#test/support/nasty-return-tos.js';
import { OidcClient } from './oidc-client.js';
import { SESSION_COOKIE } from '#server/http/route-schema.js';
import { OIDC_COOKIE } from './session-cookie.js';

const SITE = 'http://palmares.test';
const CALLBACK = `${SITE}/api/callback`;

const cookieFrom = (setCookie: string | string[] | undefined, name: string) => {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = lines.find((l) => l.startsWith(`${name}=`));
  return line ? { pair: line.split(';')[0]!, line } : undefined;
};

describeEachDatabase('OpenID Connect sign-in', (kind) => {
  let provider: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUris: [CALLBACK],
      postLogoutRedirectUris: [`${SITE}/`],
    });
    t = await createTestApp(kind, {
      PUBLIC_URL: SITE,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      ADMIN_EMAILS: 'ada@example.com',
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** /api/login, the provider's pages, and back: returns what the app's callback answered. */
  async function signInThroughProvider(returnTo = '/') {
    const login = await call(t.app, {
      url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(login.status).toBe(302);
    const pending = cookieFrom(login.headers['set-cookie'], OIDC_COOKIE)!;
    const browser = new OidcBrowser();
    const back = await browser.followUntil(login.headers.location!, CALLBACK);
    const callback = await call(t.app, {
      url: `/api/callback${back.search}`,
      headers: { cookie: pending.pair },
    });
    return { login, pending, back, callback, browser };
  }

  it('signs in with code + PKCE, upserts the user from the claims and ends both sessions', async () => {
    provider.nextUser = {
      sub: 'ada-1815',
      email: 'Ada@Example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: 'https://img.example/ada.png',
    };
    const { login, pending, back, callback, browser } = await signInThroughProvider('/admin');

    const authorize = new URL(login.headers.location!);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(pending.line).toMatch(/Path=\/api\/callback/);
    expect(pending.line).toMatch(/HttpOnly/);
    expect(back.searchParams.get('code')).toBeTruthy();

    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/admin');
    const session = cookieFrom(callback.headers['set-cookie'], SESSION_COOKIE)!;
    const me = await call(t.app, { url: '/api/auth/user', headers: { cookie: session.pair } });
    expect(me.body).toEqual({
      id: 'ada-1815',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: 'https://img.example/ada.png',
      isAdmin: true,
    });

    // The pending sign-in is single use: replaying the callback fails and signs no one in.
    const replay = await call(t.app, {
      url: `/api/callback${back.search}`,
      headers: { cookie: pending.pair },
    });
    expect(replay.status).toBe(400);
    expect(cookieFrom(replay.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();

    const logout = await call(t.app, {
      url: '/api/logout',
      headers: { cookie: session.pair, 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.status).toBe(302);
    const endSession = new URL(logout.headers.location!);
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${SITE}/`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    expect(
      (await call(t.app, { url: '/api/auth/user', headers: { cookie: session.pair } })).status,
    ).toBe(401);

    // The provider asks for confirmation, then sends the browser back to the site.
    const page = await browser.request(endSession.href);
    const html = await page.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    const action = /action="([^"]+)"/.exec(html)?.[1];
    expect(xsrf && action).toBeTruthy();
    const confirmed = await browser.request(new URL(action!, provider.issuer).href, {
      method: 'POST',
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(confirmed.headers.get('location')).toBe(`${SITE}/`);
  });

  it('updates the profile on a later sign-in and links an existing account by verified e-mail', async () => {
    const existing = await createTestUser(t.app.ctx.db, { email: 'grace@example.com' });
    provider.nextUser = {
      sub: 'grace-1906',
      email: 'grace@example.com',
      email_verified: true,
      given_name: 'Grace',
    };
    const first = await signInThroughProvider();
    const cookie = cookieFrom(first.callback.headers['set-cookie'], SESSION_COOKIE)!.pair;
    const me = (await call(t.app, { url: '/api/auth/user', headers: { cookie } })).body;
    expect(me).toMatchObject({ id: existing.id, firstName: 'Grace', isAdmin: false });

    provider.nextUser = {
      ...provider.nextUser,
      given_name: 'Amazing Grace',
      family_name: 'Hopper',
    };
    const second = await signInThroughProvider();
    const cookie2 = cookieFrom(second.callback.headers['set-cookie'], SESSION_COOKIE)!.pair;
    const again = (await call(t.app, { url: '/api/auth/user', headers: { cookie: cookie2 } })).body;
    expect(again).toMatchObject({
      id: existing.id,
      firstName: 'Amazing Grace',
      lastName: 'Hopper',
    });
  });

  it('sends the browser back only to a path on this site, whatever returnTo it started with', async () => {
    for (const returnTo of NASTY_RETURN_TOS) {
      provider.nextUser = { sub: 'returner', email: 'returner@example.com' };
      const { callback } = await signInThroughProvider(returnTo);
      expect(callback.status, returnTo).toBe(302);
      const location = callback.headers.location!;
      expect(staysOnSite(location, SITE), `${JSON.stringify(returnTo)} -> ${location}`).toBe(true);
    }
  });

  it('refuses a callback without its pending sign-in, or with a state that does not match', async () => {
    provider.nextUser = { sub: 'mallory', email: 'mallory@example.com' };
    const login = await call(t.app, { url: '/api/login' });
    const pending = cookieFrom(login.headers['set-cookie'], OIDC_COOKIE)!;
    const back = await new OidcBrowser().followUntil(login.headers.location!, CALLBACK);

    const noCookie = await call(t.app, { url: `/api/callback${back.search}` });
    expect(noCookie.status).toBe(400);
    expect(noCookie.body).toContain('Sign-in did not complete');

    const forged = new URLSearchParams(back.search);
    forged.set('state', 'not-the-state');
    const wrongState = await call(t.app, {
      url: `/api/callback?${forged}`,
      headers: { cookie: pending.pair },
    });
    expect(wrongState.status).toBe(400);
    expect(cookieFrom(wrongState.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
  });

  it('shows a refusal from the provider as a sign-in problem', async () => {
    const login = await call(t.app, { url: '/api/login' });
    const pending = cookieFrom(login.headers['set-cookie'], OIDC_COOKIE)!;
    const state = new URL(login.headers.location!).searchParams.get('state')!;
    const params = new URLSearchParams({
      error: 'access_denied',
      error_description: 'End-User aborted interaction',
      state,
      iss: provider.issuer,
    });
    const response = await call(t.app, {
      url: `/api/callback?${params}`,
      headers: { cookie: pending.pair },
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain('cancelled or refused');
  });

  it('has no local password sign-in while an identity provider is configured', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { email: 'a@example.com', password: 'whatever-it-is' },
    });
    expect(response.status).toBe(404);
  });
});

describe('OIDC discovery', () => {
  it('fails while the provider is unreachable and succeeds once it answers', async () => {
    const client = new OidcClient(
      { issuerUrl: 'http://127.0.0.1:9/', clientId: 'x', clientSecret: 'y' },
      true,
    );
    await expect(client.configurationOf()).rejects.toThrow();
    // A failure is not cached: a later attempt tries again.
    await expect(client.configurationOf()).rejects.toThrow();
  });
});
