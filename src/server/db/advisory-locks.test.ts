import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './advisory-locks.js';

describe('advisory locks', () => {
  it('gives every job an id of its own', () => {
    const ids = Object.values(ADVISORY_LOCKS);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
