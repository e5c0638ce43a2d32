import { spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finalStage, readDockerfile, type Stage } from './dockerfile.js';

/**
 * The image's working directory, assembled without Docker from the Dockerfile's own instructions,
 * so what the tests start is what the image would hold:
 * - the build context is a copy of the checkout with .dockerignore applied;
 * - the build stage's `COPY` and `RUN` lines run on a copy of it, its `npm ci` stood in for by the
 *   checkout's node_modules (every dependency, as `npm ci` installs);
 * - the runtime stage's `COPY` lines take from the context or the build stage, and its
 *   `npm ci --omit=dev` is stood in for by a copy of the packages `npm ls --omit=dev` lists: the
 *   production tree only, with no registry (the tests run offline).
 * Other `RUN` lines of the runtime stage prepare the system outside the working directory (the
 * data folder, its owner) and have no stand-in here; the test gives the server a data folder.
 */

const IMAGE_WORKDIR = '/app';

/**
 * Where to assemble the tree: in memory when the machine has /dev/shm. Writing the few hundred
 * megabytes of the production dependencies takes about a second there and tens of seconds on
 * these machines' disks.
 */
export function scratchParent(): string {
  try {
    accessSync('/dev/shm', constants.W_OK | constants.X_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

/** .dockerignore's patterns, matched as Docker does: from the context's root, `**` for any depth. */
export function dockerignore(root: string): (relative: string) => boolean {
  const file = path.join(root, '.dockerignore');
  const patterns = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      if (line.startsWith('!')) throw new Error(`re-inclusion is not understood here: ${line}`);
      return patternRegex(path.posix.normalize(line.replace(/^\/+/, '')));
    });
  return (relative) => {
    // A path is left out when it, or a folder it is in, matches.
    const parts = relative.split('/');
    return parts.some((_, i) => {
      const prefix = parts.slice(0, i + 1).join('/');
      return patterns.some((pattern) => pattern.test(prefix));
    });
  };
}

function patternRegex(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      i++;
      if (pattern[i + 1] === '/') {
        i++;
        source += '(?:.*/)?';
      } else {
        source += '.*';
      }
    } else if (char === '*') {
      source += '[^/]*';
    } else if (char === '?') {
      source += '[^/]';
    } else {
      source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

/** Copies what `docker build` would send: every file of `root` that .dockerignore keeps. */
export function copyBuildContext(root: string, destination: string): string[] {
  const ignored = dockerignore(root);
  const copied: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (ignored(child)) continue;
      if (entry.isDirectory()) {
        mkdirSync(path.join(destination, child), { recursive: true });
        walk(child);
      } else {
        cpSync(path.join(root, child), path.join(destination, child));
        copied.push(child);
      }
    }
  };
  mkdirSync(destination, { recursive: true });
  walk('');
  return copied;
}

/** `COPY [--from=stage] [--chown=…] <source>… <destination>` of a stage whose WORKDIR is /app. */
function copyInstruction(
  args: string,
  sources: { context: string; stages: Record<string, string> },
  workdir: string,
) {
  const words = args.split(/\s+/);
  const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
  const paths = words.filter((word) => !word.startsWith('--'));
  const destination = paths.pop();
  if (!destination || paths.length === 0) throw new Error(`COPY not understood: ${args}`);
  const base = from === undefined ? sources.context : sources.stages[from];
  if (base === undefined) throw new Error(`COPY from an unknown stage: ${args}`);
  const target = path.resolve(workdir, destination);
  for (const source of paths) {
    // A stage's paths are absolute in the image: its /app is the folder that stands for it.
    const relative = from === undefined ? source : path.posix.relative(IMAGE_WORKDIR, source);
    if (relative.startsWith('..')) throw new Error(`COPY from outside ${IMAGE_WORKDIR}: ${args}`);
    const origin = path.resolve(base, relative);
    if (statSync(origin).isDirectory()) {
      cpSync(origin, target, { recursive: true });
    } else if (destination.endsWith('/') || paths.length > 1) {
      cpSync(origin, path.join(target, path.basename(origin)));
    } else {
      cpSync(origin, target);
    }
  }
}

function requireWorkdir(stage: Stage) {
  const workdirs = stage.instructions.filter((i) => i.keyword === 'WORKDIR').map((i) => i.args);
  if (workdirs.length !== 1 || workdirs[0] !== IMAGE_WORKDIR) {
    throw new Error(`stage ${stage.name ?? stage.image} should have WORKDIR ${IMAGE_WORKDIR} once`);
  }
}

/** Runs a shell line as a Dockerfile RUN would, in `cwd`; rejects with its output on failure. */
function runShell(line: string, cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', line], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`RUN ${line} exited ${code}:\n${output}`)),
    );
  });
}

/** The packages `npm ci --omit=dev` would install, copied from the checkout's node_modules. */
export function copyProductionDependencies(root: string, appDir: string): number {
  const listing = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const packages = listing.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== root);
  if (listing.status !== 0 || packages.length === 0) {
    throw new Error(`npm ls --omit=dev failed (${listing.status}):\n${listing.stderr}`);
  }
  for (const packageDir of packages) {
    const relative = path.relative(root, packageDir);
    if (!relative.startsWith('node_modules'))
      throw new Error(`outside node_modules: ${packageDir}`);
    // Nested node_modules hold other packages, each listed (or left out) on its own line.
    cpSync(packageDir, path.join(appDir, relative), {
      recursive: true,
      dereference: true,
      filter: (source) => path.basename(source) !== 'node_modules' || source === packageDir,
    });
  }
  return packages.length;
}

export interface RuntimeTree {
  /** The folder standing for the image's /app. */
  app: string;
  /** The runtime stage, for its ENV, USER, EXPOSE, HEALTHCHECK and CMD. */
  stage: Stage;
  /** What the build stage's RUN lines printed. */
  buildOutput: string;
}

/**
 * Builds the image's /app under `workDir` (context/, build/, app/). `root` is the checkout, whose
 * node_modules stands for the build stage's full install.
 */
export async function assembleRuntimeTree(root: string, workDir: string): Promise<RuntimeTree> {
  const stages = readDockerfile(path.join(root, 'Dockerfile'));
  const runtime = finalStage(stages);
  const context = path.join(workDir, 'context');
  copyBuildContext(root, context);

  const stageDirs: Record<string, string> = {};
  let buildOutput = '';
  for (const stage of stages.slice(0, -1)) {
    requireWorkdir(stage);
    const dir = path.join(workDir, stage.name ?? `stage-${Object.keys(stageDirs).length}`);
    mkdirSync(dir, { recursive: true });
    for (const { keyword, args } of stage.instructions) {
      if (keyword === 'COPY') copyInstruction(args, { context, stages: stageDirs }, dir);
      if (keyword !== 'RUN') continue;
      if (/^npm ci(\s|$)/.test(args)) {
        if (/--omit=dev/.test(args)) throw new Error(`a build stage without dev tools: ${args}`);
        if (!existsSync(path.join(dir, 'node_modules'))) {
          symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
        }
        continue;
      }
      buildOutput += await runShell(args, dir, {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/root',
      });
    }
    if (stage.name) stageDirs[stage.name] = dir;
  }

  requireWorkdir(runtime);
  const app = path.join(workDir, 'app');
  mkdirSync(app, { recursive: true });
  let installed = false;
  for (const { keyword, args } of runtime.instructions) {
    if (keyword === 'COPY') copyInstruction(args, { context, stages: stageDirs }, app);
    if (keyword === 'RUN' && /(^|&&\s*)npm ci --omit=dev(\s|$)/.test(args)) {
      copyProductionDependencies(root, app);
      installed = true;
    }
  }
  if (!installed) throw new Error('the runtime stage runs no `npm ci --omit=dev`');
  return { app, stage: runtime, buildOutput };
}

/** Every entry under `dir` with its size and modification time: a tree to compare later. */
export function snapshotTree(dir: string): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      const stat = lstatSync(path.join(dir, child));
      entries.set(child, `${stat.mode}:${stat.size}:${stat.mtimeMs}`);
      if (entry.isDirectory()) walk(child);
    }
  };
  walk('');
  return entries;
}

/** What differs between two snapshots, as `+ path`, `- path` and `~ path` lines. */
export function treeChanges(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [entry, state] of after) {
    if (!before.has(entry)) changes.push(`+ ${entry}`);
    else if (before.get(entry) !== state) changes.push(`~ ${entry}`);
  }
  for (const entry of before.keys()) if (!after.has(entry)) changes.push(`- ${entry}`);
  return changes.sort();
}
