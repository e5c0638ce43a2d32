import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises lost connections, timeouts and a server that refuses work', () => {
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('timeout expired'),
      wrapped(new Error('Query read timeout')),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      wrapped(
        Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      ),
      wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' })),
      Object.assign(new Error('connection failure'), { code: '08006' }),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('leaves real query errors and bugs alone', () => {
    for (const error of [
      wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })),
      wrapped(Object.assign(new Error('syntax error'), { code: '42601' })),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a string',
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
