import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, nomineeWith, split } from '../../payments/testing/payment-test-kit.js';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { describeEachDatabase } from '../../../../test/support/test-database.js';

describeEachDatabase('rate limits', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '2',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '2',
      RATE_LIMIT_IMAGES_PER_MINUTE: '2',
      SANDBOX_SETTLE_DELAY_MS: '60000',
    });
  });
  afterAll(() => t.close());

  it('answer 429 with a clear message on payment creation, lookup and the image proxy', async () => {
    const nominee = await nomineeWith(t.database.db, 1);
    const body = { phoneNumber: '237677000999', nominationVotes: split(nominee, [1]) };
    const attempts = [];
    for (let i = 0; i < 3; i++)
      attempts.push(await call(t.app, 'POST', '/api/campay-payment', body));
    expect(attempts.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(attempts[2]!.body.message).toMatch(/too many requests/i);

    const lookups = [];
    for (let i = 0; i < 3; i++) {
      lookups.push(await call(t.app, 'POST', '/api/receipts/lookup', { email: 'a@b.co' }));
    }
    expect(lookups.map((a) => a.status)).toEqual([200, 200, 429]);

    const images = [];
    for (let i = 0; i < 3; i++) {
      images.push(await call(t.app, 'GET', '/api/image-proxy?url=http%3A%2F%2F127.0.0.1%2Fa.png'));
    }
    expect(images.map((a) => a.status)).toEqual([403, 403, 429]);
    // Status polling is not limited: the page polls on a schedule.
    const id = attempts[0]!.body.paymentId as string;
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, 'GET', `/api/payment/${id}/status`)).status).toBe(200);
    }
  });
});
