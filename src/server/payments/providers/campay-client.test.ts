import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { CampayClient } from './campay-client.js';
import { PaymentRefused, ProviderUnavailable, ProviderUnreached } from './provider-errors.js';

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

  it('tells a request that never reached Campay from one it may have acted on', async () => {
    const closed = await new FakeCampay().start();
    await closed.stop();
    const nowhere = new CampayClient({ baseUrl: closed.url, token: 'any', timeoutMs: 2000 });
    await expect(collect(nowhere)).rejects.toMatchObject({
      constructor: ProviderUnreached,
      code: 'network',
    });
    const options = { username: campay.username, password: campay.password, timeoutMs: 2000 };
    // No token to send the collect with: it was never sent.
    const tokenless = new CampayClient({ baseUrl: campay.url, ...options });
    campay.failNext(1);
    await expect(collect(tokenless)).rejects.toMatchObject({
      constructor: ProviderUnreached,
      code: 'http_500',
    });
    // An error answer to the collect itself: Campay may have acted on it.
    const client = new CampayClient({ baseUrl: campay.url, ...options });
    await collect(client);
    campay.failNext(1);
    const answered = await collect(client).catch((e: unknown) => e);
    expect(answered).toBeInstanceOf(ProviderUnavailable);
    expect(answered).not.toBeInstanceOf(ProviderUnreached);
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
    campay.maxAmount = 50;
    try {
      expect((await refusal('237677555000')).code).toBe('ER201');
    } finally {
      campay.maxAmount = 1_000_000;
    }
  });

  it("reads a transaction's amount sent as a number or as a numeric string", async () => {
    const client = new CampayClient({
      baseUrl: campay.url,
      username: campay.username,
      password: campay.password,
      timeoutMs: 2000,
    });
    const { reference } = await collect(client);
    campay.addPermanentToken('raw-token');
    const wireAmount = async () => {
      // Without the trailing slash too, as Campay's Python SDK asks while it waits on a collect.
      const raw = await fetch(`${campay.url}/transaction/${reference}`, {
        headers: { Authorization: 'Token raw-token' },
      });
      expect(raw.status).toBe(200);
      return ((await raw.json()) as { amount: unknown }).amount;
    };
    // A number on the wire, as Campay documents it.
    expect(await wireAmount()).toBe(100);
    expect(await client.transaction(reference)).toMatchObject({ amount: 100, currency: 'XAF' });
    campay.transactionAmountsAsText = true;
    try {
      expect(await wireAmount()).toBe('100');
      expect(await client.transaction(reference)).toMatchObject({ amount: 100, currency: 'XAF' });
    } finally {
      campay.transactionAmountsAsText = false;
    }
  });

  describe('withdrawals and history', () => {
    const client = () =>
      new CampayClient({
        baseUrl: campay.url,
        username: campay.username,
        password: campay.password,
        timeoutMs: 2000,
      });
    const withdraw = (amount: number, to = '237677555000') =>
      client().withdraw({
        amount,
        currency: 'XAF',
        to,
        description: 'refund',
        externalReference: 'refund-1',
      });

    it("sends the app's money to a number, and refuses one above the balance with ER301", async () => {
      campay.balances.MTN = 0;
      const refused = await withdraw(100).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PaymentRefused);
      expect(refused).toMatchObject({ code: 'ER301' });
      expect((refused as PaymentRefused).texts.en).toMatch(/balance for this operator/i);
      // The voter's own balance is never what ER301 is about.
      expect((refused as PaymentRefused).texts.en).not.toMatch(/mobile-money account/i);

      const { reference } = await collect(client());
      campay.complete(reference);
      expect(campay.balances.MTN).toBe(99);
      const sent = await withdraw(50);
      expect(sent).toMatchObject({ status: 'PENDING' });
      expect(campay.transactions.get(sent.reference)).toMatchObject({
        endpoint: 'withdraw',
        amount: 50,
        phoneNumber: '237677555000',
        external_reference: 'refund-1',
      });
      expect(campay.balances.MTN).toBe(48.5);
      expect((await withdraw(100).catch((e: unknown) => e)) as PaymentRefused).toMatchObject({
        code: 'ER301',
      });
      expect(
        ((await withdraw(50, '2376771').catch((e: unknown) => e)) as PaymentRefused).code,
      ).toBe('ER101');
      campay.complete(sent.reference);
      expect(await client().transaction(sent.reference)).toMatchObject({
        status: 'SUCCESSFUL',
        amount: 50,
      });
    });

    it('lists the transactions of a range of whole days', async () => {
      const { reference } = await collect(client(), '237699555000');
      campay.complete(reference);
      const today = new Date().toISOString().slice(0, 10);
      const entries = await client().history({ from: today, to: today });
      const entry = entries.find((e) => e.reference_uuid === reference);
      expect(entry).toMatchObject({
        status: 'SUCCESSFUL',
        amount: 100,
        phone_number: '237699555000',
        charge_amount: 1,
        credit: 99,
        debit: 0,
      });
      expect(entry!.datetime).toBeInstanceOf(Date);
      // Microseconds on the wire (…T09:52:34.876707Z, as Campay's samples have them) read exactly.
      const created = campay.transactions.get(reference)!.createdAt;
      expect(entry!.datetime.getTime()).toBe(created.getTime());
      // Amounts sent as numeric strings ("100.00") read the same.
      campay.historyAmountsAsText = true;
      try {
        const asText = (await client().history({ from: today, to: today })).find(
          (e) => e.reference_uuid === reference,
        );
        expect(asText).toMatchObject({ amount: 100, charge_amount: 1, credit: 99, debit: 0 });
      } finally {
        campay.historyAmountsAsText = false;
      }
      expect(await client().history({ from: '2020-01-01', to: '2020-01-31' })).toEqual([]);
      expect(campay.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/history/' });
      await expect(client().history({ from: 'yesterday', to: today })).rejects.toThrow(
        /YYYY-MM-DD/,
      );
    });
  });
});
