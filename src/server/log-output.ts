import type { DestinationStream } from 'pino';
import type { LogFormat } from './config.js';

/**
 * Where log entries go, as LOG_FORMAT says. `json` hands pino the output as it is. `pretty` puts
 * pino-pretty's prettifier in front of it, in this thread and synchronously: each entry is one
 * short line on the same output as main.ts's own notices (the URL banner, the demo admin), so they
 * still come out in order, and what is written is flushed at exit exactly as JSON is. pino's
 * `transport` option would prettify in a worker thread instead, racing the banner, and takes no
 * function option such as the message format below.
 *
 * pino-pretty is imported only when the format is pretty, which config.ts refuses in production.
 */

/** What the entries are written to: pino's stdout destination, which main.ts shares. */
export interface LogSink {
  write(text: string): unknown;
}

/** One formatted entry, or nothing when the prettifier drops it. */
export type Prettify = (line: string) => string | undefined;
/** pino-pretty's `prettyFactory`, the only part used. */
export type PrettyFactory = (options: PrettyOptions) => Prettify;

interface PrettyOptions {
  translateTime: string;
  ignore: string;
  singleLine: boolean;
  messageFormat: (log: Record<string, unknown>, messageKey: string) => string;
}

/**
 * One line per entry: the local time (HH:MM:ss), the level, the message, then whatever else the
 * entry carries as one-line JSON (an error's stack keeps its lines). No pid or hostname. Fastify's
 * request entries say the method and path, or the status and duration, in the message instead of
 * their `req` and `res` objects. Colour as the terminal allows (pino-pretty's default: none when
 * piped, or with NO_COLOR).
 */
export const PRETTY_OPTIONS: PrettyOptions = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,req,res,responseTime',
  singleLine: true,
  messageFormat: requestMessage,
};

/** The message of an entry, with Fastify's request details folded in. */
export function requestMessage(log: Record<string, unknown>, messageKey: string): string {
  const parts = [log[messageKey] === undefined ? '' : String(log[messageKey])];
  const req = log.req as { method?: unknown; url?: unknown } | undefined;
  if (req && typeof req.method === 'string' && typeof req.url === 'string') {
    parts.push(`${req.method} ${req.url}`);
  }
  const res = log.res as { statusCode?: unknown } | undefined;
  if (res && typeof res.statusCode === 'number') parts.push(String(res.statusCode));
  if (typeof log.responseTime === 'number') parts.push(`in ${Math.round(log.responseTime)} ms`);
  return parts.filter(Boolean).join(' ');
}

/** pino-pretty's factory, or undefined when the package is not installed. */
export async function importPinoPretty(): Promise<PrettyFactory | undefined> {
  // Named through a constant: TypeScript and the build leave the import alone, so the server
  // builds, type-checks and runs (in JSON) without it.
  const name = 'pino-pretty';
  try {
    const loaded = (await import(name)) as {
      prettyFactory?: PrettyFactory;
      default?: { prettyFactory?: PrettyFactory };
    };
    return loaded.prettyFactory ?? loaded.default?.prettyFactory;
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code === 'ERR_MODULE_NOT_FOUND' && String(message).includes(`'${name}'`)) {
      return undefined;
    }
    throw error;
  }
}

export interface LogOutput {
  /** The logger's stream. */
  stream: DestinationStream;
  /** Something to log once the logger exists (pretty asked for, but pino-pretty is missing). */
  warning?: string;
}

export async function logOutput(
  format: LogFormat,
  sink: LogSink,
  loadPrettyFactory: () => Promise<PrettyFactory | undefined> = importPinoPretty,
): Promise<LogOutput> {
  if (format === 'json') return { stream: sink };
  const prettyFactory = await loadPrettyFactory();
  if (!prettyFactory) {
    return {
      stream: sink,
      warning:
        'LOG_FORMAT=pretty, but pino-pretty is not installed (npm install): logging JSON lines instead',
    };
  }
  const prettify = prettyFactory(PRETTY_OPTIONS);
  return {
    stream: {
      write(line: string) {
        const text = prettify(line);
        if (text) sink.write(text);
      },
    },
  };
}
