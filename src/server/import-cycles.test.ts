import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Relative imports of a file, type-only ones included: a cycle through types still ties modules. */
function localImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name.replace(/\.js$/, '.ts')))
    .filter((resolved) => resolved.startsWith(SERVER_DIR) && fs.existsSync(resolved));
}

/** Every import cycle, each reported once as the chain of files that closes it. */
function importCycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, localImports(file)]));
  const cycles: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (file: string) => {
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (onStack.has(next)) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!done.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(file);
    done.add(file);
  };
  for (const file of files) if (!done.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((file) => path.relative(SERVER_DIR, file)));
}

describe('server modules', () => {
  it('import one another without cycles', () => {
    expect(importCycles(sourceFiles(SERVER_DIR))).toEqual([]);
  });
});
