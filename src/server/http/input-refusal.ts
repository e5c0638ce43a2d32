import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { isForbiddenCharactersIssue } from '#shared/schemas/safe-text.js';
import { badRequest, type HttpError } from './http-error.js';
import type { VoterInputTexts } from './voter-input.js';
import { TEXT_NOT_ALLOWED } from './voter-text.js';

/**
 * How a route words a refused input. Voters read a sentence per field in their language, admin
 * forms read the first problem in the form's own words with every problem in `details`, and the
 * rest (dashboards, filters, callbacks) read `Invalid <what>: <path>: <message>`.
 */
export type InputRefusalStyle = { voter: VoterInputTexts } | { form: true } | { what: string };

type RequestPart = 'params' | 'querystring' | 'body';

/** One style for the whole request, or one per part when they differ (an id and a form). */
export type RouteInputRefusal = InputRefusalStyle | Partial<Record<RequestPart, InputRefusalStyle>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How a request this route's schemas refuse is answered; `{ what: 'request' }` if unset. */
    input?: RouteInputRefusal;
  }
}

/** A request part its route's schema refused; the error handler words it for the route. */
export class InputRefused extends Error {
  readonly statusCode = 400;
  readonly code = 'INPUT_REFUSED';
  /** Which part was refused; Fastify sets it when the validator hands the error back. */
  validationContext?: string;

  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    readonly input: unknown,
  ) {
    super('request input refused by its schema');
  }
}

/**
 * Validates params, query and body with their zod schemas. The parsed output (coerced, trimmed,
 * defaulted) replaces the raw part, so handlers read typed values. A refusal is an InputRefused,
 * which Fastify passes to the error handler as it is.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new InputRefused(result.error.issues, data) };
  };

const DEFAULT_STYLE: InputRefusalStyle = { what: 'request' };

/** The answer to a refused input, in the style the route asked for. */
export function inputRefusal(
  refused: Pick<InputRefused, 'issues' | 'input'>,
  style: InputRefusalStyle = DEFAULT_STYLE,
): HttpError {
  const forbidden = refused.issues.some(isForbiddenCharactersIssue);
  if ('voter' in style) {
    // A control character (pasted by accident) is named as such, whichever field holds it.
    if (forbidden) return badRequest(TEXT_NOT_ALLOWED);
    const field = refused.issues[0]?.path[0];
    const text = typeof field === 'string' ? style.voter.fields[field] : undefined;
    return badRequest(text ?? style.voter.otherwise);
  }
  const issues = refused.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  if ('form' in style) {
    const { input } = refused;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return badRequest('Request body must be a JSON object');
    }
    return badRequest(issues[0]?.message ?? 'Please check your input and try again.', issues);
  }
  // Whoever pasted a control character is told what is wrong without zod's wording.
  if (forbidden) return badRequest(TEXT_NOT_ALLOWED, issues);
  const first = issues[0];
  const where = first?.path ? `${first.path}: ` : '';
  return badRequest(`Invalid ${style.what}: ${where}${first?.message ?? 'invalid'}`, issues);
}

/** The refusal for a schema failure on this request's route. */
export function routeInputRefusal(request: FastifyRequest, refused: InputRefused): HttpError {
  const chosen = request.routeOptions.config.input;
  if (!chosen || 'voter' in chosen || 'form' in chosen || 'what' in chosen) {
    return inputRefusal(refused, chosen);
  }
  const part = refused.validationContext as RequestPart | undefined;
  return inputRefusal(refused, part ? chosen[part] : undefined);
}

/**
 * Parses input a route cannot declare as one request part (a callback merging its query and its
 * body), refusing it as the route's schemas would.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  style: InputRefusalStyle,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw inputRefusal({ issues: result.error.issues, input }, style);
}
