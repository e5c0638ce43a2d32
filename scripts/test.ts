/**
 * `npm test`: typecheck, lint, the Vitest suites and the browser tests, in that order, stopping at
 * the first phase that fails. At the end it prints how long each phase took beside its budget, so
 * a suite that grows slower is seen the day it happens. Budgets are printed, never enforced: a
 * green suite on a slow or busy machine is green (speed is watched here and by `npm run bench`).
 *
 * `npm run test:changed [-- <base>]`: the inner loop. Typecheck, lint of the files changed since
 * `<base>` (main by default), and the Vitest files those changes reach (Vitest's --changed).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

interface Phase {
  name: string;
  command: string[];
  /** Printed beside the time taken, and the phase marked when it outlasts it; never a failure. */
  budgetMs?: number;
}

const MINUTE = 60_000;

/** Files changed since `base`, committed or not, that still exist. */
function changedFiles(base: string): string[] {
  const run = (args: string[]) =>
    spawnSync('git', args, { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const files = new Set([
    ...run(['diff', '--name-only', `${base}...HEAD`]),
    ...run(['diff', '--name-only', 'HEAD']),
    ...run(['ls-files', '--others', '--exclude-standard']),
  ]);
  return [...files].filter((file) => existsSync(file));
}

function fullSuite(): Phase[] {
  return [
    { name: 'typecheck', command: ['npm', 'run', 'typecheck'], budgetMs: 1 * MINUTE },
    { name: 'lint', command: ['npm', 'run', 'lint'], budgetMs: 2 * MINUTE },
    { name: 'unit', command: ['npx', 'vitest', 'run'], budgetMs: 4 * MINUTE },
    { name: 'e2e', command: ['npx', 'tsx', 'scripts/e2e.ts'], budgetMs: 10 * MINUTE },
  ];
}

function changedSuite(base: string): Phase[] {
  const files = changedFiles(base);
  const linted = files.filter((file) => /\.(ts|tsx|js)$/.test(file));
  console.log(`${files.length} files changed since ${base}.`);
  return [
    { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
    ...(linted.length > 0
      ? [{ name: 'eslint', command: ['npx', 'eslint', '--max-warnings', '0', ...linted] }]
      : []),
    ...(files.length > 0
      ? [
          {
            name: 'prettier',
            command: ['npx', 'prettier', '--check', '--ignore-unknown', ...files],
          },
        ]
      : []),
    {
      name: 'unit',
      command: ['npx', 'vitest', 'run', `--changed=${base}`, '--passWithNoTests'],
    },
  ];
}

const format = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

const [mode, base = 'main'] = process.argv.slice(2);
const phases = mode === '--changed' ? changedSuite(base) : fullSuite();
const timings: Array<{ phase: Phase; ms: number; passed: boolean }> = [];
for (const phase of phases) {
  const started = performance.now();
  const [command, ...args] = phase.command;
  const run = spawnSync(command!, args, { stdio: 'inherit' });
  const passed = run.status === 0;
  timings.push({ phase, ms: performance.now() - started, passed });
  if (!passed) break;
}
const failed = timings.some(({ passed }) => !passed);
const isOver = ({ phase, ms }: { phase: Phase; ms: number }) =>
  phase.budgetMs !== undefined && ms > phase.budgetMs;

const total = timings.reduce((sum, { ms }) => sum + ms, 0);
console.log('\nPhase       Time    Budget  Result');
for (const timing of timings) {
  const { phase, ms, passed } = timing;
  const budget = phase.budgetMs === undefined ? '' : format(phase.budgetMs);
  const result = `${passed ? 'passed' : 'failed'}${isOver(timing) ? ', over budget' : ''}`;
  console.log(
    `${phase.name.padEnd(10)}  ${format(ms).padStart(5)}  ${budget.padStart(6)}  ${result}`,
  );
}
console.log(`${'total'.padEnd(10)}  ${format(total).padStart(5)}`);
for (const over of timings.filter(isOver)) {
  // A note, not a failure: the same suite is slower on a busy or one-core machine.
  console.log(
    `\nThe ${over.phase.name} phase took ${format(over.ms)}, over its budget of ` +
      `${format(over.phase.budgetMs ?? 0)}. On a machine of the usual kind, find the test that ` +
      'grew slower (the list above gives each test its time) before adding more.',
  );
}
process.exit(failed ? 1 : 0);
