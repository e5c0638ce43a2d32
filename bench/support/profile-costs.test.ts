import { expect, it } from 'vitest';
import { profileCosts, type CpuProfile } from './profile-costs.js';

const frame = (functionName: string, url = '', lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
});

/** Samples every 100 µs from t = 1,000 µs: idle, our handler, React, GC, then React again. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(idle)') },
    { id: 2, callFrame: frame('handler', `file://${process.cwd()}/dist/server/main.js`, 41) },
    {
      id: 3,
      callFrame: frame('renderElement', 'file:///app/node_modules/react-dom/cjs/server.js', 9),
    },
    { id: 4, callFrame: frame('(garbage collector)') },
  ],
  startTime: 1_000,
  samples: [1, 2, 3, 4, 3],
  timeDeltas: [100, 100, 100, 100, 100],
};

it('counts each sample inside the window for the function it stopped in, idle left out', () => {
  const costs = profileCosts(profile, { fromUs: 1_000, toUs: 1_500 });
  expect(costs.busyMs).toBeCloseTo(0.4);
  expect(costs.functions).toEqual([
    { name: 'renderElement (react-dom/cjs/server.js:10)', ms: 0.2 },
    { name: 'handler (dist/server/main.js:42)', ms: 0.1 },
    { name: '(garbage collector)', ms: 0.1 },
  ]);
  expect(costs.places.map((p) => p.name)).toEqual([
    'react-dom',
    'dist/server/main.js',
    'native (V8, its collector, system calls)',
  ]);
});

it('leaves out what was sampled before and after the window', () => {
  // Samples at 1,200 (handler) and 1,300 (React) only.
  const costs = profileCosts(profile, { fromUs: 1_100, toUs: 1_300 }, 1);
  expect(costs.busyMs).toBeCloseTo(0.2);
  expect(costs.functions).toEqual([{ name: 'handler (dist/server/main.js:42)', ms: 0.1 }]);
});
