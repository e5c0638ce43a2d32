import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * compose.yaml as Docker Compose reads it: YAML with merge keys (`<<: *app`), then every string
 * value interpolated from the environment. Docker cannot run on the development machines, so this
 * is how the tests see the file.
 */

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  ports?: string[];
  volumes?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  restart?: string;
  init?: boolean;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean; ipam?: { config?: { subnet?: string }[] } }>;
  volumes?: Record<string, unknown>;
}

export const COMPOSE_PATH = 'compose.yaml';

export function readComposeYaml(file = COMPOSE_PATH): unknown {
  return parse(readFileSync(file, 'utf8'), { merge: true });
}

/** A variable that the file requires (`${NAME:?…}` or `${NAME?…}`) and the environment lacks. */
export class MissingVariablesError extends Error {
  constructor(readonly names: string[]) {
    super(`compose.yaml requires ${names.join(', ')}`);
  }
}

const REFERENCE = /\$(?:(\$)|\{([^}]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
const BRACED = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])(.*))?$/s;

/**
 * Compose's interpolation of one string: `$$` is a dollar sign; `${NAME}` and `$NAME` the value;
 * `:-` / `-` a default when unset or empty / unset; `:?` / `?` a required value; `:+` / `+` a
 * replacement when set. Nested references are refused rather than half-understood.
 */
export function interpolate(
  text: string,
  env: Record<string, string | undefined>,
  missing: Set<string>,
): string {
  return text.replace(REFERENCE, (whole, dollar?: string, braced?: string, bare?: string) => {
    if (dollar) return '$';
    if (bare) return env[bare] ?? '';
    const match = BRACED.exec(braced ?? '');
    if (!match) throw new Error(`unsupported interpolation ${whole}`);
    const [, name, operator, argument = ''] = match;
    if (argument.includes('$')) throw new Error(`nested interpolation in ${whole}`);
    const value = env[name!];
    const set = value !== undefined;
    const setAndNotEmpty = set && value !== '';
    switch (operator) {
      case undefined:
        return value ?? '';
      case ':-':
        return setAndNotEmpty ? value : argument;
      case '-':
        return set ? value : argument;
      case ':?':
      case '?':
        if (operator === ':?' ? !setAndNotEmpty : !set) missing.add(name!);
        return value ?? '';
      case ':+':
        return setAndNotEmpty ? argument : '';
      case '+':
        return set ? argument : '';
      default:
        throw new Error(`unsupported interpolation ${whole}`);
    }
  });
}

function interpolateValue(
  value: unknown,
  env: Record<string, string | undefined>,
  missing: Set<string>,
): unknown {
  if (typeof value === 'string') return interpolate(value, env, missing);
  if (Array.isArray(value)) return value.map((item) => interpolateValue(item, env, missing));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateValue(item, env, missing)]),
    );
  }
  return value;
}

/** The file with the environment's values in place; throws naming every required one missing. */
export function loadCompose(
  env: Record<string, string | undefined>,
  file = COMPOSE_PATH,
): ComposeFile {
  const missing = new Set<string>();
  const resolved = interpolateValue(readComposeYaml(file), env, missing);
  if (missing.size > 0) throw new MissingVariablesError([...missing].sort());
  return resolved as ComposeFile;
}

/** Every variable the file reads, and which of them it requires. */
export function composeVariables(file = COMPOSE_PATH): { all: string[]; required: string[] } {
  const text = readFileSync(file, 'utf8').replaceAll('$$', '');
  const all = new Set<string>();
  const required = new Set<string>();
  for (const [, braced, bare] of text.matchAll(/\$(?:\{([^}]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g)) {
    const [, name, operator] = BRACED.exec(braced ?? bare ?? '') ?? [];
    if (!name) continue;
    all.add(name);
    if (operator === ':?' || operator === '?') required.add(name);
  }
  return { all: [...all].sort(), required: [...required].sort() };
}

/** The environment a service's process gets: its `environment` (a map, in this file). */
export function serviceEnvironment(service: ComposeService): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value)]),
  );
}
