/** One sample of a Prometheus text exposition: `name{labels} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  /** Each family's declared type (`# TYPE name counter`), by family name. */
  types: Map<string, string>;
  samples: Sample[];
  /** The value of the sample named `name` whose labels include `labels`; undefined when none. */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?,?\\})? (\\S+)(?: -?\\d+)?$`,
);
const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g;
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const HELP = new RegExp(`^# HELP (${NAME}) .*$`);
const HISTOGRAM_PARTS = /_(bucket|sum|count)$/;

const unescape = (text: string) =>
  text.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));

/**
 * A sample's value as Prometheus reads it (Go's ParseFloat): NaN and Inf in any case, which
 * matters because prom-client writes NaN as `Nan` (the event-loop delay before any sample).
 */
function parseValue(text: string): number | undefined {
  const special = /^([+-]?)(nan|inf|infinity)$/i.exec(text);
  if (special) {
    if (special[2]!.toLowerCase() === 'nan') return special[1] ? undefined : NaN;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  const value = Number(text);
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? value : undefined;
}

/**
 * Reads Prometheus' text format (version 0.0.4) strictly: every line is blank, a HELP, a TYPE or a
 * sample of a declared family (a histogram's `_bucket`, `_sum` and `_count` included), or the
 * exposition is refused with the line that is not.
 */
export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const [index, line] of lines.entries()) {
    const refuse = (why: string) => new Error(`line ${index + 1} ${why}: ${JSON.stringify(line)}`);
    if (line === '') continue;
    if (line.startsWith('#')) {
      const type = TYPE.exec(line);
      if (type) {
        if (types.has(type[1]!)) throw refuse('declares a family twice');
        types.set(type[1]!, type[2]!);
      } else if (!HELP.test(line)) {
        throw refuse('is neither HELP nor TYPE');
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    const value = match ? parseValue(match[3]!) : undefined;
    if (!match || value === undefined) throw refuse('is not a sample');
    const name = match[1]!;
    const family = types.has(name) ? name : name.replace(HISTOGRAM_PARTS, '');
    if (!types.has(family)) throw refuse('belongs to no declared family');
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL_PAIR)) labels[key!] = unescape(raw!);
    samples.push({ name, labels, value });
  }
  return {
    types,
    samples,
    value: (name, labels = {}) =>
      samples.find(
        (s) =>
          s.name === name && Object.entries(labels).every(([key, want]) => s.labels[key] === want),
      )?.value,
  };
}
