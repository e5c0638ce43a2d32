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
