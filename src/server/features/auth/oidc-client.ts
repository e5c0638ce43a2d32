import * as client from 'openid-client';
import type { Config } from '#server/config.js';
import type { IdentityClaims } from './users-store.js';
import type { PendingSignIn } from './session-store.js';

type OidcSettings = NonNullable<Config['oidc']>;

const SCOPE = 'openid email profile';
const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * OpenID Connect authorization code flow with PKCE (S256), state and nonce, via openid-client.
 * The provider's metadata is discovered on first use and kept; a failed discovery is retried on
 * the next sign-in rather than cached.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly settings: OidcSettings,
    /** Plain-http issuers are accepted outside production (local IdPs, the tests' provider). */
    private readonly allowHttp: boolean,
  ) {}

  configurationOf(): Promise<client.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuerUrl);
      const insecure = issuer.protocol === 'http:' && this.allowHttp;
      this.configuration = client
        .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
          execute: insecure ? [client.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw error;
        });
    }
    return this.configuration;
  }

  async authorizationUrl(
    redirectUri: string,
    returnTo: string,
  ): Promise<{ url: URL; pending: PendingSignIn }> {
    const configuration = await this.configurationOf();
    const codeVerifier = client.randomPKCECodeVerifier();
    const pending: PendingSignIn = {
      kind: 'oidc-pending',
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier,
      returnTo,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /** Validates the IdP's answer at the callback, redeems the code and reads who signed in. */
  async complete(
    callbackUrl: URL,
    pending: PendingSignIn,
  ): Promise<{ claims: IdentityClaims; idToken: string | undefined }> {
    const configuration = await this.configurationOf();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the identity provider returned no ID token');
    // Many providers put e-mail and names only in UserInfo, not in the ID token.
    const userInfo = configuration.serverMetadata().userinfo_endpoint
      ? await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
      : undefined;
    const claim = (name: string) => text(userInfo?.[name]) ?? text(idClaims[name]);
    const verified = userInfo?.email_verified ?? idClaims.email_verified;
    return {
      claims: {
        subject: idClaims.sub,
        email: claim('email'),
        emailVerified: typeof verified === 'boolean' ? verified : undefined,
        firstName: claim('given_name'),
        lastName: claim('family_name'),
        profileImageUrl: claim('picture'),
      },
      idToken: tokens.id_token,
    };
  }

  /** Where to send the browser to end the IdP session too, when the IdP supports it. */
  async endSessionUrl(
    postLogoutRedirectUri: string,
    idToken: string | undefined,
  ): Promise<URL | null> {
    const configuration = await this.configurationOf();
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, {
      post_logout_redirect_uri: postLogoutRedirectUri,
      client_id: this.settings.clientId,
      ...(idToken ? { id_token_hint: idToken } : {}),
    });
  }
}
