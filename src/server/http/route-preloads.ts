import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk as Vite's build manifest describes it (the fields read here). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The pages people open from a link, by the module `src/client/routes.tsx` loads lazily for each.
 * routes.test.ts holds the two lists together.
 */
export const LINKED_ROUTE_MODULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/category\/[^/]+$/, 'features/catalog/category-page.tsx'],
  [/^\/share\/[^/]+$/, 'features/catalog/share-page.tsx'],
  [/^\/checkout$/, 'features/checkout/checkout-page.tsx'],
  [/^\/results$/, 'features/results/results-page.tsx'],
  [/^\/my-receipts$/, 'features/receipts/my-receipts-page.tsx'],
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The answers a category page asks for first, named in the page so they load with its code. The
 * addresses and credentials match the page's own requests (catalog-queries.ts, api-client.ts),
 * so the browser hands the preloaded answers over instead of asking twice.
 */
function dataFor(pathname: string): string[] {
  const id = /^\/category\/([^/]+)$/.exec(pathname)?.[1];
  if (!id || !UUID.test(id)) return [];
  return [`/api/categories/${id}`, `/api/nominations/category/${id}`];
}

/**
 * `<link>` tags for a page's own code and first answers. Without them a phone downloads the main
 * script, runs it, and only then learns which page chunk it needs and which answers to ask for:
 * three round trips on a slow network before the page can draw. Empty when the build has no
 * manifest (a development server).
 */
export function routePreloads(clientRoot: string): (pathname: string) => string {
  const manifestPath = path.join(clientRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

  const chunksOf = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunksOf(imported, seen))];
  };
  const tagsByModule = new Map(
    LINKED_ROUTE_MODULES.map(([, module]) => [
      module,
      chunksOf(module)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join(''),
    ]),
  );

  return (pathname) => {
    const module = LINKED_ROUTE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1];
    if (!module) return '';
    const data = dataFor(pathname)
      .map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`)
      .join('');
    return (tagsByModule.get(module) ?? '') + data;
  };
}
