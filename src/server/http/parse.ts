import type { z } from 'zod';
import { badRequest } from './http-error.js';

/** Validates request input against a shared zod schema; failures become a 400 with a readable message. */
export function parse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what = 'request',
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  const where = first?.path ? `${first.path}: ` : '';
  throw badRequest(`Invalid ${what}: ${where}${first?.message ?? 'invalid'}`, issues);
}
