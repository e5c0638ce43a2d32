import { errorStatus } from './api-error';

/**
 * A record that is gone (404) and an id that could never exist (400 from id validation, e.g. a
 * mangled shared link) are the same thing to a voter: "not found".
 */
export function isMissingResource(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 404 || status === 400;
}
