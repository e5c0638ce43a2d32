import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedis } from '#test/support/redis-server.js';
import { TcpProxy } from '#test/support/tcp-proxy.js';
import { RedisLink } from './redis-link.js';

const REDIS_URL = await testRedis();

describe.skipIf(!REDIS_URL)('Redis link', () => {
  let proxy: TcpProxy;
  let link: RedisLink;
  const logged: Array<{ level: number; msg: string }> = [];
  beforeAll(async () => {
    proxy = await TcpProxy.start(Number(new URL(REDIS_URL!).port));
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    link = new RedisLink(proxy.proxied(REDIS_URL!), log);
    await link.connected();
  });
  afterAll(async () => {
    await link?.close();
    await proxy?.close();
  });

  it('logs an outage once when it starts and once when it ends', async () => {
    expect(link.state).toBe('ok');
    proxy.drop();
    // Failed commands and reconnection attempts, several times over.
    for (let i = 0; i < 5; i++) expect(await link.check()).toBe('unreachable');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(link.available).toBe(false);

    proxy.restore();
    await waitFor(() => link.state === 'ok');
    expect(logged.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 40, msg: expect.stringMatching(/^Redis unreachable: rate limits .* in-process/) },
      { level: 30, msg: expect.stringMatching(/^Redis reachable again/) },
    ]);
  });

  it('replaces a connection that stays open but silent, and is back once Redis answers', async () => {
    await waitFor(() => link.state === 'ok');
    proxy.freeze();
    expect(await link.check()).toBe('unreachable');
    // Long enough for the probe to give up on the silent connection and open another.
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect(link.available).toBe(false);
    proxy.restore();
    await waitFor(() => link.state === 'ok');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    expect(Date.now(), 'condition met in time').toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
