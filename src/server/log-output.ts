import type { DestinationStream } from 'pino';
import type { PrettyOptions } from 'pino-pretty';
import type { LogFormat } from './config.js';

/**
 * Where log entries go, as LOG_FORMAT says. `json` hands pino the output as it is. `pretty` puts
 * pino-pretty's prettifier in front of it, in this thread and synchronously: each entry is one
 * short line on the same output as main.ts's own notices (the URL banner, the demo admin), so they
 * still come out in order, and what is written is flushed at exit exactly as JSON is. pino's
 * `transport` option would prettify in a worker thread instead, racing the banner, and takes no
 * function option such as the message format below.
 *
 * pino-pretty (a development dependency) is imported only when the format is pretty, which
 * config.ts refuses in production, so a production install never needs it.
 */

/** What the entries are written to: pino's stdout destination, which main.ts shares. */
export interface LogSink {
  write(text: string): unknown;
}

/**
 * One line per entry: the local time (HH:MM:ss), the level, the message, then whatever else the
 * entry carries as one-line JSON (an error's stack keeps its lines). No pid or hostname. A request's
 * entry (http/request-log.ts) says the method, path, status and duration in the message instead of
 * its `req` and `res` objects. Colour as the terminal allows (pino-pretty's default: none when
 * piped, or with NO_COLOR).
 */
export const PRETTY_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,req,res,responseTime',
  singleLine: true,
  messageFormat: requestMessage,
} satisfies PrettyOptions;

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

/** The logger's stream: the sink itself for JSON, or pino-pretty's prettifier in front of it. */
export async function logOutput(format: LogFormat, sink: LogSink): Promise<DestinationStream> {
  if (format === 'json') return sink;
  const { prettyFactory } = await import('pino-pretty');
  const prettify = prettyFactory(PRETTY_OPTIONS);
  return {
    write(line: string) {
      const text = prettify(line);
      if (text) sink.write(text);
    },
  };
}
