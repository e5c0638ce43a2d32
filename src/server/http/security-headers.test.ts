import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('gives API answers, errors included, the short non-document set and a request id', async () => {
    for (const url of ['/api/categories', '/api/categories/not-a-uuid', '/api/no-such-route']) {
      const res = await call(t.app, { url, headers: { 'x-request-id': 'trace-1' } });
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['x-request-id']).toBe('trace-1');
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it("gives HTML pages helmet's full set", async () => {
    const res = await call(t.app, { url: '/api/login' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-src 'none'");
    expect(res.headers['content-security-policy']).not.toContain('stripe');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('adds the card provider to the page policy only when Stripe is configured', async () => {
    const withStripe = await createTestApp('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_headers',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
      STRIPE_WEBHOOK_SECRET: 'whsec_headers',
    });
    try {
      const res = await call(withStripe.app, { url: '/api/login' });
      expect(res.headers['content-security-policy']).toContain(
        "script-src 'self' https://js.stripe.com",
      );
    } finally {
      await withStripe.close();
    }
  });
});
