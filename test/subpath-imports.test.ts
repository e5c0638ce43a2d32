import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const readJson = (file: string): unknown =>
  JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));

/** package.json's `imports`, as `{ '#shared/*': './src/shared/*' }`. */
const packageImports = () =>
  z.object({ imports: z.record(z.string(), z.string()) }).parse(readJson('package.json')).imports;

/** tsconfig.json's `paths`, each one-target list flattened to that target. */
const tsconfigPaths = () =>
  Object.fromEntries(
    Object.entries(
      z
        .object({ compilerOptions: z.object({ paths: z.record(z.string(), z.array(z.string())) }) })
        .parse(readJson('tsconfig.json')).compilerOptions.paths,
    ).map(([alias, targets]) => [alias, targets.join(' ')]),
  );

describe('subpath imports', () => {
  it('are the same for Node and bundlers (package.json) as for TypeScript (tsconfig)', () => {
    expect(tsconfigPaths()).toEqual(packageImports());
  });

  it('name the four roots and nothing else', () => {
    expect(Object.keys(packageImports()).sort()).toEqual([
      '#client/*',
      '#server/*',
      '#shared/*',
      '#test/*',
    ]);
  });
});
