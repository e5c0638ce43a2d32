import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import { startHttpFakeServer } from '#test/fakes/http-fake-server.js';
import type ProviderClass from 'oidc-provider';

/**
 * A real OpenID Provider (the `oidc-provider` package) on 127.0.0.1 and a random port, for
 * sign-in tests. Its login and consent steps complete at once as `nextUser`, so a test can drive
 * the whole browser flow with plain HTTP requests (see OidcBrowser).
 */
export interface TestIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  nextUser: TestIdentity;
  close(): Promise<void>;
}

type Stored = { payload: Record<string, unknown>; expiresAt: number };

/** oidc-provider's storage contract, in memory (its own in-memory adapter warns on use). */
function memoryAdapter() {
  const store = new Map<string, Stored>();
  const alive = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt && entry.expiresAt < Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      store.set(this.key(id), {
        payload,
        expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : 0,
      });
      if (typeof payload.uid === 'string')
        store.set(`${this.model}:uid:${payload.uid}`, { payload: { id }, expiresAt: 0 });
      if (typeof payload.userCode === 'string')
        store.set(`${this.model}:userCode:${payload.userCode}`, { payload: { id }, expiresAt: 0 });
    }
    async find(id: string) {
      return alive(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = alive(`${this.model}:uid:${uid}`);
      return typeof ref?.id === 'string' ? this.find(ref.id) : undefined;
    }
    async findByUserCode(userCode: string) {
      const ref = alive(`${this.model}:userCode:${userCode}`);
      return typeof ref?.id === 'string' ? this.find(ref.id) : undefined;
    }
    async consume(id: string) {
      const payload = alive(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}

/** Loads oidc-provider without its import-time "unsupported runtime" notice for Node 20. */
async function loadProvider(): Promise<typeof ProviderClass> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (String(args[0]).includes('oidc-provider WARNING: Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

export async function startOidcProvider(client: {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}): Promise<TestOidcProvider> {
  const Provider = await loadProvider();
  const { server, origin: issuer, close } = await startHttpFakeServer();
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });

  const state: TestOidcProvider = {
    issuer,
    clientId: 'palmares-test',
    clientSecret: randomBytes(24).toString('hex'),
    nextUser: { sub: 'user-1' },
    close,
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: state.clientId,
        client_secret: state.clientSecret,
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, alg: 'RS256', use: 'sig', kid: 'test-key' }] },
    adapter: memoryAdapter(),
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      if (sub !== state.nextUser.sub) return undefined;
      const identity = { ...state.nextUser };
      return { accountId: sub, claims: async () => identity };
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: { body: string }, form: string) => {
          ctx.body = `<!doctype html><title>Sign out</title>${form}<button form="op.logoutForm" name="logout" value="yes">Sign out</button>`;
        },
        postLogoutSuccessSource: async (ctx: { body: string }) => {
          ctx.body = 'signed out';
        },
      },
    },
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    renderError: async (ctx: { type: string; body: unknown }, out: Record<string, unknown>) => {
      ctx.type = 'json';
      ctx.body = out;
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  });

  const callback = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    completeInteraction(provider, state, req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return state;
}

/** Login as `nextUser`, then consent to whatever the client asked: what a user clicking through does. */
async function completeInteraction(
  provider: ProviderClass,
  state: TestOidcProvider,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: state.nextUser.sub } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const accountId = details.session?.accountId ?? state.nextUser.sub;
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  const missingScope = details.prompt.details.missingOIDCScope;
  if (Array.isArray(missingScope)) grant.addOIDCScope(missingScope.join(' '));
  const missingClaims = details.prompt.details.missingOIDCClaims;
  if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims.map(String));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

/** A cookie-keeping browser for the provider's side of the flow (paths ignored: one test host). */
export class OidcBrowser {
  private readonly cookies = new Map<string, string>();

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(url: string, init: { method?: string; body?: string } = {}): Promise<Response> {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: this.header(),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.body,
    });
    this.remember(response);
    return response;
  }

  /** Follows the provider's redirects until one leaves for `stopAt`; returns that URL. */
  async followUntil(start: string, stopAt: string): Promise<URL> {
    let url = new URL(start);
    for (let hop = 0; hop < 15; hop++) {
      const response = await this.request(url.href);
      await response.arrayBuffer();
      const location = response.headers.get('location');
      if (!location) throw new Error(`no redirect from ${url.href}: ${response.status}`);
      const next = new URL(location, url);
      if (next.href.startsWith(stopAt)) return next;
      url = next;
    }
    throw new Error('too many redirects');
  }
}
