import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { paymentConfigSchema, paymentStatusResponseSchema } from '#shared/schemas/payment';
import { getJson } from './api-client';

/** The component tests' network: the real app answers, and nothing else can be reached. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp('pglite');
});
afterAll(() => testApp.close());

describe('fetch in component tests', () => {
  it('a relative /api request is answered by the real app', async () => {
    const network = routeFetchToApp(testApp.app);
    const config = await getJson('/api/payment-config', paymentConfigSchema);
    expect(config).toHaveProperty('mobileMoney');
    expect(network.requests).toEqual([
      { method: 'GET', url: '/api/payment-config', body: undefined },
    ]);
  });

  it('an API refusal arrives as the app sent it', async () => {
    routeFetchToApp(testApp.app);
    await expect(
      getJson('/api/payment/not-a-uuid/status', paymentStatusResponseSchema),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('any other host is refused before anything is sent', async () => {
    const network = routeFetchToApp(testApp.app);
    await expect(fetch('https://example.com/api/categories')).rejects.toThrow(
      /only the app is reachable/,
    );
    expect(network.requests).toEqual([]);
  });
});
