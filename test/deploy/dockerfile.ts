import { readFileSync } from 'node:fs';

/**
 * The Dockerfile read as Docker reads it, for the instructions these tests care about: comments
 * dropped, continued lines joined, each stage's instructions in order.
 */

export interface Instruction {
  keyword: string;
  /** The text after the keyword. */
  args: string;
}

export interface Stage {
  image: string;
  name: string | undefined;
  instructions: Instruction[];
}

export const DOCKERFILE_PATH = 'Dockerfile';

export function readDockerfile(file = DOCKERFILE_PATH): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const joined = (pending + line).trim();
    pending = '';
    if (joined) logical.push(joined);
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/s.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${upper} before any FROM`);
    stage.instructions.push({ keyword: upper, args: args.trim() });
  }
  return stages;
}

/** The stage the image is made of: the last one. */
export function finalStage(stages: Stage[]): Stage {
  const stage = stages.at(-1);
  if (!stage) throw new Error('no stage in the Dockerfile');
  return stage;
}

export function instructions(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}

/** An instruction in exec form (a JSON array), as CMD and HEALTHCHECK's CMD should be. */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`not an exec form: ${args}`);
  }
  return parsed as string[];
}

/** The stage's ENV, from `KEY=value` pairs (unquoted values: this Dockerfile needs no more). */
export function stageEnvironment(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const args of instructions(stage, 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at <= 0 || /["']/.test(pair)) throw new Error(`ENV pair not understood: ${pair}`);
      env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}

/** HEALTHCHECK's options and command. */
export function healthcheck(stage: Stage): { options: Record<string, string>; command: string[] } {
  const [args] = instructions(stage, 'HEALTHCHECK');
  const match = /^((?:--\S+=\S+\s+)*)CMD\s+(.*)$/s.exec(args ?? '');
  if (!match) throw new Error(`HEALTHCHECK not understood: ${args}`);
  const options = Object.fromEntries(
    match[1]!
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((option) => option.slice(2).split('=') as [string, string]),
  );
  return { options, command: execForm(match[2]!) };
}
