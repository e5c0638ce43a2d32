import { afterEach, beforeEach, vi } from 'vitest';

/** A test that prints an unexpected console error or warning fails: noise hides real bugs. */
let unexpected: string[] = [];
beforeEach(() => {
  unexpected = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});
