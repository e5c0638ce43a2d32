import { apiErrorBodySchema, type ApiErrorBody } from '#shared/schemas/api-error';
import { ApiError } from './api-error';

/**
 * What a refusal adds to its sentence (each problem of a refused form, or what a payment's failure
 * left to follow), read with the shared schema; undefined for any other error or shape. Only the
 * screens that act on details import it, so the first screen, whose errors need only the
 * sentence, does not carry zod.
 */
export function apiErrorDetails(error: unknown): ApiErrorBody['details'] {
  if (!(error instanceof ApiError)) return undefined;
  const { answer } = error;
  if (typeof answer !== 'object' || answer === null || !('details' in answer)) return undefined;
  const details = apiErrorBodySchema.shape.details.safeParse(answer.details);
  return details.success ? details.data : undefined;
}
