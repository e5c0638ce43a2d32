import type { z } from 'zod';
import { badRequest } from '../../http/http-error.js';

/**
 * Validates an admin form body. The message is the first problem in the form's own words
 * ('Please add at least one category nomination'), with every issue in `details` for the editor.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw badRequest(issues[0]?.message ?? 'Please check your input and try again.', issues);
}
