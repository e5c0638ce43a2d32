import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { LoginThrottle } from './login-throttle.js';
import { OidcClient } from './oidc-client.js';

export interface AuthServices {
  throttle: LoginThrottle;
  /** Present when OIDC_* is configured; local accounts are used otherwise. */
  oidc: OidcClient | undefined;
}

const services = new WeakMap<AppContext, AuthServices>();

/** Built once per app by registerAuth; routes look them up by the app's context. */
export function createAuthServices(app: FastifyInstance): AuthServices {
  const { config } = app.ctx;
  const created: AuthServices = {
    throttle: config.redisUrl
      ? LoginThrottle.withRedis(config.redisUrl, app.log)
      : LoginThrottle.inMemory(),
    oidc: config.oidc ? new OidcClient(config.oidc, !config.isProduction) : undefined,
  };
  services.set(app.ctx, created);
  app.addHook('onClose', async () => created.throttle.close());
  return created;
}

export function authServices(ctx: AppContext): AuthServices {
  const found = services.get(ctx);
  if (!found) throw new Error('registerAuth(app) must run before the auth routes are registered');
  return found;
}
