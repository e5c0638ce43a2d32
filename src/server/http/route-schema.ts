import { apiErrorBodySchema } from '#shared/schemas/api-error.js';

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/** The refusals a route can answer, each in the one error shape, for its `schema.response`. */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof apiErrorBodySchema> {
  const responses = {} as Record<S, typeof apiErrorBodySchema>;
  for (const status of statuses) responses[status] = apiErrorBodySchema;
  return responses;
}

/** The session cookie's name in the document's `components.securitySchemes` (api-docs.ts). */
export const SESSION_SCHEME = 'sessionCookie';

/** The cookie that scheme names: set by signing in (features/auth), read by every guarded route. */
export const SESSION_COOKIE = 'palmares.sid';

/**
 * For the `schema.security` of a route that needs the signed-in session (every admin route, which
 * the route-access hook guards, and any route that reads the session itself): the caller sends the
 * session cookie. Such a route also declares its 401 (and 403 when admin-only).
 */
export const SESSION_REQUIRED = [{ [SESSION_SCHEME]: [] }];

/** The metrics token's name in the document's `components.securitySchemes` (api-docs.ts). */
export const METRICS_SCHEME = 'metricsToken';

/** Where Prometheus looks by default; outside /api, which is the voters' and admins' API. */
export const METRICS_PATH = '/metrics';

/** For the `schema.security` of GET /metrics: the caller sends METRICS_TOKEN as a bearer token. */
export const METRICS_TOKEN_REQUIRED = [{ [METRICS_SCHEME]: [] }];

/** The SMS delivery reports' token's name in the document's `components.securitySchemes`. */
export const SMS_REPORT_SCHEME = 'smsReportToken';

/**
 * For the `schema.security` of the SMS gateways' delivery reports: the secret of the URL each
 * gateway was given (ORANGE_SMS_NOTIFY_TOKEN, AT_CALLBACK_TOKEN), in the `token` query parameter.
 */
export const SMS_REPORT_TOKEN_REQUIRED = [{ [SMS_REPORT_SCHEME]: [] }];
