import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { LoginThrottle } from './login-throttle.js';
import { OidcClient } from './oidc-client.js';

export interface AuthServices {
  throttle: LoginThrottle;
  /** How a failed sign-in waits out its `failureDelayMs` before it is answered. */
  delay: (ms: number) => Promise<unknown>;
  /** Present when OIDC_* is configured; local accounts are used otherwise. */
  oidc: OidcClient | undefined;
}

export interface AuthServicesOptions {
  /** Stands in for the real wait (tests record the delays instead of sitting through them). */
  delay?: ((ms: number) => Promise<unknown>) | undefined;
}

export function createAuthServices(
  config: Config,
  db: Db,
  options: AuthServicesOptions = {},
): AuthServices {
  return {
    throttle: new LoginThrottle(db),
    delay: options.delay ?? ((ms) => sleep(ms)),
    oidc: config.oidc ? new OidcClient(config.oidc, !config.isProduction) : undefined,
  };
}
