import { readFileSync } from 'node:fs';

/** deploy/haproxy.cfg as sections of directives (comments dropped), enough for the tests. */

export interface HaproxySection {
  kind: string;
  name: string;
  directives: string[];
}

export const HAPROXY_PATH = 'deploy/haproxy.cfg';

export function readHaproxyConfig(file = HAPROXY_PATH): HaproxySection[] {
  const sections: HaproxySection[] = [];
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    if (/^\S/.test(raw)) {
      const [kind = '', name = ''] = line.split(/\s+/);
      sections.push({ kind, name, directives: [] });
      continue;
    }
    const section = sections.at(-1);
    if (!section) throw new Error(`directive outside a section: ${line}`);
    section.directives.push(line.replace(/\s+/g, ' '));
  }
  return sections;
}

export function sectionsOf(sections: HaproxySection[], kind: string): HaproxySection[] {
  return sections.filter((section) => section.kind === kind);
}

/** `server <name> <host>:<port> …` lines of a backend. */
export function servers(backend: HaproxySection): { name: string; host: string; port: number }[] {
  return backend.directives
    .filter((directive) => directive.startsWith('server '))
    .map((directive) => {
      const [, name = '', address = ''] = directive.split(' ');
      const [host = '', port = ''] = address.split(':');
      return { name, host, port: Number(port) };
    });
}

/** HAProxy's time format: a number with us, ms (the default), s, m, h or d. */
export function durationMs(value: string): number {
  const match = /^(\d+)(us|ms|s|m|h|d)?$/.exec(value);
  if (!match) throw new Error(`not an HAProxy duration: ${value}`);
  const unit = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  return Number(match[1]) * unit[(match[2] ?? 'ms') as keyof typeof unit];
}

/** The value of `timeout <kind>` in a section, or undefined. */
export function timeoutMs(section: HaproxySection, kind: string): number | undefined {
  const directive = section.directives.find((d) => d.startsWith(`timeout ${kind} `));
  return directive ? durationMs(directive.split(' ')[2]!) : undefined;
}
