import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { LoginThrottle } from './login-throttle.js';
import { OidcClient } from './oidc-client.js';

export interface AuthServices {
  throttle: LoginThrottle;
  /** Present when OIDC_* is configured; local accounts are used otherwise. */
  oidc: OidcClient | undefined;
}

export function createAuthServices(config: Config, db: Db): AuthServices {
  return {
    throttle: new LoginThrottle(db),
    oidc: config.oidc ? new OidcClient(config.oidc, !config.isProduction) : undefined,
  };
}
