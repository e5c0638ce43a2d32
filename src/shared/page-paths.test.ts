import { describe, expect, it } from 'vitest';
import { editionInPath, editionPagePath } from './page-paths';

describe("an edition's own addresses", () => {
  it('reads the short name and the page within the edition', () => {
    expect(editionInPath('/e/2025/results')).toEqual({ slug: '2025', page: '/results' });
    expect(editionInPath('/e/awards-2025/category/x')).toEqual({
      slug: 'awards-2025',
      page: '/category/x',
    });
    expect(editionInPath('/e/2025')).toEqual({ slug: '2025', page: '/' });
  });

  it('leaves the plain addresses and malformed short names alone', () => {
    for (const path of ['/results', '/e/', '/e/Caps/results', '/e/-2025/results', '/ex/2025']) {
      expect(editionInPath(path)).toBeUndefined();
    }
  });

  it('writes a page of an edition, or the plain page for the current one', () => {
    expect(editionPagePath('2025', '/share/abc')).toBe('/e/2025/share/abc');
    expect(editionPagePath('2025', '/')).toBe('/e/2025');
    expect(editionPagePath(undefined, '/results')).toBe('/results');
  });
});
