import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NASTY_RETURN_TOS, staysOnSite } from '#test/support/nasty-return-tos.js';
import { safeReturnTo } from './return-to.js';

describe('safeReturnTo', () => {
  it.each(NASTY_RETURN_TOS)('keeps %j on this site', (input) => {
    const result = safeReturnTo(input);
    expect(staysOnSite(result), result).toBe(true);
    expect(result).not.toContain('evil.example/phish');
    expect(result.startsWith('//')).toBe(false);
  });

  it('keeps ordinary paths with their query and fragment', () => {
    expect(safeReturnTo('/admin')).toBe('/admin');
    expect(safeReturnTo('/admin?tab=stats#top')).toBe('/admin?tab=stats#top');
    expect(safeReturnTo('/a/./b/../c')).toBe('/a/c');
    // Encoded slashes are not separators: the path stays one segment on this site.
    expect(safeReturnTo('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('refuses the sign-in routes themselves, however they are spelled', () => {
    for (const loop of ['/api/login', '/api/./logout', '/x/../api/callback?x=1']) {
      expect(safeReturnTo(loop), loop).toBe('/');
    }
  });

  it('always answers a path on this site, and answers it again when given its own answer', () => {
    const pathish = fc.oneof(
      fc.string(),
      fc
        .array(
          fc.constantFrom('/', '.', '..', '%2e', '%2E', '\\', '\t', 'evil', ':', '?', '#', '@'),
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(pathish, (input) => {
        const result = safeReturnTo(input);
        expect(staysOnSite(result), `${JSON.stringify(input)} -> ${result}`).toBe(true);
        expect(safeReturnTo(result)).toBe(result);
      }),
      { numRuns: 2000 },
    );
  });
});
