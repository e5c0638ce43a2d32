import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { CampayClient } from './campay-client.js';
import { PaymentRefused, ProviderUnavailable } from './provider-errors.js';

describe('Campay client against the fake', () => {
  let campay: FakeCampay;
  beforeAll(async () => {
    campay = await new FakeCampay().start();
  });
  afterAll(() => campay.stop());

  const collect = (client: CampayClient, from = '237677555000') =>
    client.collect({
      amount: 100,
      currency: 'XAF',
      from,
      description: 'test',
      externalReference: 'p1',
    });

  it('uses a permanent token as is, and reports a rejected one without retrying', async () => {
    campay.addPermanentToken('permanent-token');
    const client = new CampayClient({
      baseUrl: campay.url,
      token: 'permanent-token',
      timeoutMs: 2000,
    });
    const started = await collect(client);
    expect(started.reference).toBeTruthy();
    expect(await client.transaction(started.reference)).toMatchObject({
      status: 'PENDING',
      amount: 100,
    });
    expect(await client.transaction('no-such-reference')).toBeNull();
    const wrong = new CampayClient({ baseUrl: campay.url, token: 'revoked', timeoutMs: 2000 });
    await expect(collect(wrong)).rejects.toMatchObject({
      constructor: ProviderUnavailable,
      code: 'auth',
    });
  });

  it('shares one token request between concurrent calls; bad credentials are an auth error', async () => {
    const client = new CampayClient({
      baseUrl: campay.url,
      username: campay.username,
      password: campay.password,
      timeoutMs: 2000,
    });
    const before = campay.requests.filter((r) => r.path === '/api/token/').length;
    await Promise.all([collect(client), collect(client), collect(client)]);
    expect(campay.requests.filter((r) => r.path === '/api/token/').length).toBe(before + 1);
    const bad = new CampayClient({
      baseUrl: campay.url,
      username: 'x',
      password: 'y',
      timeoutMs: 2000,
    });
    await expect(collect(bad)).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('maps each documented refusal to its own message', async () => {
    const client = new CampayClient({
      baseUrl: campay.url,
      username: campay.username,
      password: campay.password,
      timeoutMs: 2000,
    });
    const refusal = async (from: string) => {
      const error = await collect(client, from).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentRefused);
      return error as PaymentRefused;
    };
    expect((await refusal('2376771')).code).toBe('ER101');
    expect((await refusal('237661234567')).code).toBe('ER102');
    expect((await refusal('237650000301')).message).toMatch(/insufficient balance/i);
  });
});
