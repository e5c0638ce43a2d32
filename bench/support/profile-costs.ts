import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A V8 CPU profile as `node --cpu-prof` writes it (the fields read here). */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  /** µs of the monotonic clock, the one process.hrtime() reads, in every process on the machine. */
  startTime: number;
  samples: number[];
  /** µs since the sample before (the first since startTime). */
  timeDeltas: number[];
}

/** Now on the clock the profiles' timestamps use (CLOCK_MONOTONIC, µs). */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Where a frame's code lives: an npm package, a Node built-in, or a file of ours. */
function placeOf(url: string): string {
  if (url === '') return 'native (V8, its collector, system calls)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith('node:')) return 'node';
  return path.relative(process.cwd(), url.replace(/^file:\/\//, ''));
}

/** A frame's file, from its package's folder on (`react-dom/cjs/…`), or as placeOf() says. */
function fileOf(url: string): string {
  const inPackage = /node_modules\/(.*)$/.exec(url);
  if (inPackage) return inPackage[1]!;
  return url.startsWith('node:') ? url : placeOf(url);
}

export interface ProfileCosts {
  /**
   * Time sampled inside the window, idle left out. The profiler samples by the clock: on a machine
   * whose cores are all busy, a sample taken while the process waits for one falls on what it was
   * doing, often a system call that woke another process (a write to PostgreSQL's socket). The
   * CPU figure from /proc is the one to read; this says where, in proportion.
   */
  busyMs: number;
  /** The costliest functions by their own time (not their callees'), with their share. */
  functions: { name: string; ms: number }[];
  /** The same summed by where the code lives (a package, Node itself, V8, one of our files). */
  places: { name: string; ms: number }[];
}

/**
 * Where a process spent its CPU between `fromUs` and `toUs` (monotonicUs()): each sample counts
 * for the time since the one before it, for the function it stopped in.
 */
export function profileCosts(
  profile: CpuProfile,
  window: { fromUs: number; toUs: number },
  count = 5,
): ProfileCosts {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let busyUs = 0;
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at <= window.fromUs || at > window.toUs) continue;
    const frame = frames.get(id);
    if (!frame || frame.functionName === '(idle)') continue;
    busyUs += delta;
    const place = placeOf(frame.url);
    const name = frame.url
      ? `${frame.functionName || '(anonymous)'} (${fileOf(frame.url)}:${frame.lineNumber + 1})`
      : frame.functionName;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    byPlace.set(place, (byPlace.get(place) ?? 0) + delta);
  }
  const top = (costs: Map<string, number>) =>
    [...costs]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => ({ name, ms: us / 1000 }));
  return { busyMs: busyUs / 1000, functions: top(byFunction), places: top(byPlace) };
}

/** The profile `node --cpu-prof` wrote in `dir` for process `pid`, or undefined. */
function readProfileOf(dir: string, pid: number): CpuProfile | undefined {
  const file = readdirSync(dir).find(
    (name) => name.endsWith('.cpuprofile') && name.split('.').includes(String(pid)),
  );
  return file ? (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile) : undefined;
}

/**
 * What each process's profile in `dir` says of the window, as the bench prints it: its costliest
 * functions, then its costliest places, with their shares; a line saying so where one is missing.
 */
export function profileSummary(
  dir: string,
  processes: readonly { name: string; pid: number }[],
  window: { fromUs: number; toUs: number },
): string[] {
  return processes.flatMap(({ name, pid }) => {
    const profile = readProfileOf(dir, pid);
    if (!profile) return [`${name}: no CPU profile of process ${pid} in ${dir}`];
    return profileLines(`${name} (profile in ${dir})`, profileCosts(profile, window));
  });
}

function profileLines(label: string, costs: ProfileCosts): string[] {
  const share = ({ name, ms }: { name: string; ms: number }) =>
    `    ${((100 * ms) / Math.max(costs.busyMs, 1e-9)).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${name}`;
  return [
    `${label}: ${costs.busyMs.toFixed(0)} ms sampled busy during the mix; costliest functions (own time):`,
    ...costs.functions.map(share),
    `  by where the code lives:`,
    ...costs.places.map(share),
  ];
}
