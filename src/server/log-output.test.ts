import { createRequire } from 'node:module';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.js';
import {
  importPinoPretty,
  logOutput,
  PRETTY_OPTIONS,
  requestMessage,
  type PrettyFactory,
} from './log-output.js';

const pinoPrettyInstalled = (() => {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
})();

/** A sink that keeps what it is given, like main.ts's stdout. */
function collectingSink() {
  const written: string[] = [];
  return { written, write: (text: string) => written.push(text) };
}

const ANSI = new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g');

describe('log output', () => {
  it('writes JSON lines as pino makes them, without ever loading pino-pretty', async () => {
    const sink = collectingSink();
    const load = vi.fn<() => Promise<PrettyFactory | undefined>>();
    const output = await logOutput(loadConfig({ NODE_ENV: 'test' }).logFormat, sink, load);
    expect(load).not.toHaveBeenCalled();
    expect(output.warning).toBeUndefined();
    pino({ base: { pid: 1, hostname: 'h' } }, output.stream).info('ready');
    expect(sink.written).toHaveLength(1);
    expect(JSON.parse(sink.written[0]!)).toMatchObject({ msg: 'ready', pid: 1, hostname: 'h' });
  });

  it('in development, prettifies each entry into the same output, in order with what else is written there', async () => {
    const sink = collectingSink();
    const factory = vi.fn<PrettyFactory>(
      () => (line) => `pretty: ${(JSON.parse(line) as { msg: string }).msg}\n`,
    );
    const output = await logOutput(loadConfig({}).logFormat, sink, () => Promise.resolve(factory));
    expect(factory).toHaveBeenCalledWith(PRETTY_OPTIONS);
    const logger = pino({}, output.stream);
    logger.info('Server listening at http://127.0.0.1:5000');
    sink.write('\n  Palmarès is running at http://127.0.0.1:5000\n');
    logger.info('after the banner');
    expect(sink.written).toEqual([
      'pretty: Server listening at http://127.0.0.1:5000\n',
      '\n  Palmarès is running at http://127.0.0.1:5000\n',
      'pretty: after the banner\n',
    ]);
  });

  it('stays on JSON, and says why, when pretty is asked for but pino-pretty is not installed', async () => {
    const sink = collectingSink();
    const output = await logOutput('pretty', sink, () => Promise.resolve(undefined));
    expect(output.stream).toBe(sink);
    expect(output.warning).toMatch(/pino-pretty is not installed/);
  });

  it.runIf(!pinoPrettyInstalled)('finds pino-pretty missing rather than failing', async () => {
    expect(await importPinoPretty()).toBeUndefined();
  });

  it('asks for local HH:MM:ss times, no pid or hostname, and one line an entry', () => {
    expect(PRETTY_OPTIONS).toMatchObject({
      translateTime: 'SYS:HH:MM:ss',
      singleLine: true,
    });
    expect(PRETTY_OPTIONS.ignore.split(',')).toEqual(expect.arrayContaining(['pid', 'hostname']));
  });

  it("folds Fastify's request and response details into the message", () => {
    expect(
      requestMessage(
        {
          msg: 'incoming request',
          reqId: 'r1',
          req: { method: 'GET', url: '/api/event', host: 'localhost', remoteAddress: '::1' },
        },
        'msg',
      ),
    ).toBe('incoming request GET /api/event');
    expect(
      requestMessage(
        { msg: 'request completed', res: { statusCode: 200 }, responseTime: 3.42 },
        'msg',
      ),
    ).toBe('request completed 200 in 3 ms');
    expect(requestMessage({ msg: 'seeded the demo event', artists: 12 }, 'msg')).toBe(
      'seeded the demo event',
    );
  });

  it.runIf(pinoPrettyInstalled)(
    'with pino-pretty: one short line an entry, its time as HH:MM:ss',
    async () => {
      const sink = collectingSink();
      const output = await logOutput('pretty', sink);
      expect(output.warning).toBeUndefined();
      const logger = pino({}, output.stream).child({ reqId: 'r1' });
      logger.info({ req: { method: 'GET', url: '/api/event', host: 'x' } }, 'incoming request');
      logger.info({ res: { statusCode: 200 }, responseTime: 3.4 }, 'request completed');
      const lines = sink.written.join('').replace(ANSI, '');
      expect(lines).toMatch(
        /^\[\d\d:\d\d:\d\d\] INFO: incoming request GET \/api\/event \{"reqId":"r1"\}\n\[\d\d:\d\d:\d\d\] INFO: request completed 200 in 3 ms \{"reqId":"r1"\}\n$/,
      );
    },
  );
});
