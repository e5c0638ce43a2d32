import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { logOutput, PRETTY_OPTIONS, requestMessage } from './log-output.js';

/** A sink that keeps what it is given, like main.ts's stdout. */
function collectingSink() {
  const written: string[] = [];
  return { written, write: (text: string) => written.push(text) };
}

const ANSI = new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g');

describe('log output', () => {
  it('writes JSON lines as pino makes them, straight into the output', async () => {
    const sink = collectingSink();
    const stream = await logOutput(loadConfig({ NODE_ENV: 'test' }).logFormat, sink);
    expect(stream).toBe(sink);
    pino({ base: { pid: 1, hostname: 'h' } }, stream).info('ready');
    expect(sink.written).toHaveLength(1);
    expect(JSON.parse(sink.written[0]!)).toMatchObject({ msg: 'ready', pid: 1, hostname: 'h' });
  });

  it('in development, prettifies each entry into the same output, in order with what else is written there', async () => {
    const sink = collectingSink();
    const logger = pino({}, await logOutput(loadConfig({}).logFormat, sink));
    logger.info('Server listening at http://127.0.0.1:5000');
    sink.write('\n  Palmarès is running at http://127.0.0.1:5000\n');
    logger.info('after the banner');
    expect(sink.written.map((text) => text.replace(ANSI, ''))).toEqual([
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\] INFO: Server listening at http:\/\/127\.0\.0\.1:5000\n$/,
      ),
      '\n  Palmarès is running at http://127.0.0.1:5000\n',
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: after the banner\n$/),
    ]);
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
    expect(
      requestMessage(
        {
          msg: 'request completed',
          req: { method: 'GET', url: '/api/event' },
          res: { statusCode: 200 },
          responseTime: 3.42,
        },
        'msg',
      ),
    ).toBe('request completed GET /api/event 200 in 3 ms');
    expect(requestMessage({ msg: 'seeded the demo event', artists: 12 }, 'msg')).toBe(
      'seeded the demo event',
    );
  });

  it('one short line an entry, its time as HH:MM:ss', async () => {
    const sink = collectingSink();
    const logger = pino({}, await logOutput('pretty', sink)).child({ reqId: 'r1' });
    logger.info({ req: { method: 'GET', url: '/api/event', host: 'x' } }, 'incoming request');
    logger.info({ res: { statusCode: 200 }, responseTime: 3.4 }, 'request completed');
    const lines = sink.written.join('').replace(ANSI, '');
    expect(lines).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: incoming request GET \/api\/event \{"reqId":"r1"\}\n\[\d\d:\d\d:\d\d\] INFO: request completed 200 in 3 ms \{"reqId":"r1"\}\n$/,
    );
  });
});
