import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKED_ROUTE_MODULES, routePreloads } from './route-preloads.js';

const ID = '3f1e4a52-7c1b-4d2e-9a4f-0b6c8d2e1a37';

describe('routePreloads', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'palmares-manifest-'));
    await mkdir(path.join(root, '.vite'));
    // The shape Vite writes: the entry, a page and the chunks it imports (one shared, one cycle).
    const manifest = {
      'index.html': { file: 'assets/index-A.js', isEntry: true, imports: [] },
      'features/catalog/category-page.tsx': {
        file: 'assets/category-page-B.js',
        isDynamicEntry: true,
        imports: ['index.html', '_view-C.js'],
      },
      '_view-C.js': { file: 'assets/view-C.js', imports: ['index.html', '_icons-D.js'] },
      '_icons-D.js': { file: 'assets/icons-D.js', imports: ['_view-C.js'] },
      'features/results/results-page.tsx': {
        file: 'assets/results-page-E.js',
        isDynamicEntry: true,
        imports: ['index.html', '_icons-D.js'],
      },
    };
    await writeFile(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("names a category page's chunks, never the main script twice, and its first answers", () => {
    const tags = routePreloads(root)(`/category/${ID}`);
    expect(tags.match(/href="[^"]+"/g)).toEqual([
      'href="/assets/category-page-B.js"',
      'href="/assets/view-C.js"',
      'href="/assets/icons-D.js"',
      `href="/api/categories/${ID}"`,
      `href="/api/nominations/category/${ID}"`,
    ]);
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/view-C.js">');
    expect(tags).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/categories/${ID}">`,
    );
  });

  it('asks for no answer a page with a malformed id would not ask for, and names nothing elsewhere', () => {
    const preloads = routePreloads(root);
    expect(preloads('/category/not-an-id')).not.toContain('/api/');
    expect(preloads('/results')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/results-page-E.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/icons-D.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/view-C.js">',
    );
    for (const pathname of ['/', '/categories', '/admin', '/category/a/b', '/results/x']) {
      expect(preloads(pathname)).toBe('');
    }
  });

  it('names nothing without a build manifest (a development server)', () => {
    expect(routePreloads(path.join(root, 'nowhere'))(`/category/${ID}`)).toBe('');
  });

  it("follows the client's routes: each module named is one routes.tsx loads lazily", async () => {
    const routes = await readFile(path.resolve('src/client/routes.tsx'), 'utf8');
    for (const [, module] of LINKED_ROUTE_MODULES) {
      expect(routes).toContain(`import('./${module.replace(/\.tsx$/, '')}')`);
    }
  });
});
