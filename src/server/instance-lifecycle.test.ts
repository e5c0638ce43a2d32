import { afterEach, expect, it, vi } from 'vitest';
import type { Readiness } from '#shared/schemas/health.js';
import { call } from '#test/support/call-app.js';
import { createTestApp } from '#test/support/test-app.js';
import { drainThenClose } from './instance-lifecycle.js';

afterEach(() => {
  vi.useRealTimers();
});

it('on shutdown, /readyz answers 503 at once while requests are still served, and the app closes after the drain', async () => {
  const t = await createTestApp('pglite');
  try {
    expect((await call<Readiness>(t.app, { url: '/readyz' })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let closed = false;
    const closing = drainThenClose(t.app, 10_000).then(() => {
      closed = true;
    });

    const ready = await call<Readiness>(t.app, { url: '/readyz' });
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      status: 'unavailable',
      database: 'ok',
      message: 'This instance is shutting down',
    });
    // Still answering voters while the load balancer takes it out of rotation.
    expect((await call(t.app, { url: '/api/categories' })).status).toBe(200);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await closing;
    expect(closed).toBe(true);
  } finally {
    vi.useRealTimers();
    await t.close();
  }
});
