import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/support/call-app.js';
import { testRedis } from '#test/support/redis-server.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';

const REDIS_URL = await testRedis();

describe.skipIf(!REDIS_URL)('two instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: REDIS_URL!, RATE_LIMIT_LOOKUPS_PER_MINUTE: '2' };
    // One after the other: an embedded database starting blocks the process, and a second app's
    // plugins waiting meanwhile could outlast Fastify's plugin timeout on a busy machine.
    a = await createTestApp('pglite', env);
    b = await createTestApp('pglite', env);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('drops the catalogue snapshot on every instance when one of them changes it', async () => {
    const heard = new Promise<void>((resolve) =>
      b.app.ctx.events.once('catalog-changed', () => resolve()),
    );
    let echoed = 0;
    a.app.ctx.events.on('catalog-changed', () => echoed++);
    a.app.ctx.events.emit('catalog-changed');
    await expect(heard).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 200));
    expect(echoed).toBe(1); // its own event, never bounced back
  });

  it("tells listeners which events are another instance's", async () => {
    const relayedOnB = new Promise<boolean>((resolve) =>
      b.app.ctx.events.once('event-changed', () => resolve(b.app.ctx.events.relaying)),
    );
    let localOnA: boolean | undefined;
    a.app.ctx.events.once('event-changed', () => (localOnA = a.app.ctx.events.relaying));
    a.app.ctx.events.emit('event-changed');
    expect(localOnA).toBe(false);
    await expect(relayedOnB).resolves.toBe(true);
    expect(b.app.ctx.events.relaying).toBe(false);
  });

  it('counts rate limits across instances', async () => {
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const lookup = (t: TestApp) =>
      call(t.app, {
        method: 'POST',
        url: '/api/receipts/lookup',
        remoteAddress,
        body: { email: 'nobody@example.com', code: '123456' },
      });
    expect((await lookup(a)).status).not.toBe(429);
    expect((await lookup(b)).status).not.toBe(429);
    const third = await lookup(a);
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/Too many requests/);
  });
});
