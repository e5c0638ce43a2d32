import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_PHONES } from '#server/payments/providers/sandbox-test-numbers.js';
import { mobileMoneyPhoneSchema } from '#shared/schemas/payment.js';
import {
  BROWSING,
  KINDS,
  MIX,
  mixedTraffic,
  onlyRequestType,
  REQUEST_TYPES,
  voterPhone,
  type Kind,
  type MixTargets,
} from './mixed-traffic.js';
import { percentile } from './percentile.js';

describe('the mixed load', () => {
  it('adds up to the whole, 85% of it browsing', () => {
    expect(KINDS.reduce((sum, k) => sum + MIX[k], 0)).toBe(100);
    expect(BROWSING.reduce((sum, k) => sum + MIX[k], 0)).toBe(85);
  });

  it('pays from valid phones the sandbox lets succeed, a different one each time', () => {
    const scripted = new Set(SANDBOX_TEST_PHONES.map((p) => p.phoneNumber));
    const phones = [0, 1, 2, 3, 4, 999, 1_000_000, 8_999_999].map(voterPhone);
    for (const phone of phones) {
      expect(mobileMoneyPhoneSchema.safeParse(phone).success).toBe(true);
      expect(scripted.has(phone)).toBe(false);
    }
    expect(new Set(phones).size).toBe(phones.length);
  });

  it('sends every kind to its copy, as GETs, when the ceiling run gives copies', () => {
    const targets: MixTargets = {
      categoryIds: ['c'],
      nominations: [{ id: 'n', artistId: 'a' }],
      artistIds: ['a'],
      seededPaymentIds: ['p'],
      receiptCodes: ['r'],
      mainScript: '/assets/main.js',
    };
    const copies = new Map<Kind, string>(KINDS.map((kind, i) => [kind, `/copy/${i}/br`]));
    const { request, tallies, created } = mixedTraffic(targets, 'http://127.0.0.1:1', copies);
    const { setupRequest, onResponse } = request;
    if (typeof setupRequest !== 'function' || typeof onResponse !== 'function') {
      throw new Error('the mix builds each request in code');
    }
    const asked = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const context = {};
      const built = setupRequest({ method: 'GET', path: '/' }, context);
      expect(built).toMatchObject({ method: 'GET', body: undefined });
      asked.add(String(built!.path));
      onResponse(200, '{"status":"pending"}', context, {});
    }
    expect(asked).toEqual(new Set(copies.values()));
    expect(created).toEqual([]);
    expect(KINDS.reduce((n, kind) => n + tallies.get(kind)!.latencies.length, 0)).toBe(2000);
  });
});

describe('one request type alone (--only)', () => {
  it('is read from the command line or BENCH_MIXED_ONLY, and refuses an unknown one', () => {
    expect(onlyRequestType(['node', 'run.ts', 'mixed-load', '--only', 'poll'], undefined)).toBe(
      'poll',
    );
    expect(onlyRequestType(['node', 'run.ts', 'mixed-load'], 'lookup')).toBe('lookup');
    expect(onlyRequestType(['node', 'run.ts', 'mixed-load'], undefined)).toBeUndefined();
    expect(() => onlyRequestType(['--only', 'everything'], undefined)).toThrow(/browse, poll/);
  });

  it.each(Object.keys(REQUEST_TYPES) as (keyof typeof REQUEST_TYPES)[])(
    'sends only %s requests',
    (only) => {
      const targets: MixTargets = {
        categoryIds: ['c'],
        nominations: [{ id: 'n', artistId: 'a' }],
        artistIds: ['a'],
        seededPaymentIds: ['p'],
        receiptCodes: ['r'],
        mainScript: '/assets/main.js',
      };
      const copies = new Map<Kind, string>(KINDS.map((kind) => [kind, `/copy/${kind}`]));
      const { request } = mixedTraffic(targets, 'http://127.0.0.1:1', copies, only);
      const { setupRequest } = request;
      if (typeof setupRequest !== 'function')
        throw new Error('the mix builds each request in code');
      const asked = new Set<string>();
      for (let i = 0; i < 500; i++) {
        asked.add(String(setupRequest({ method: 'GET', path: '/' }, {})!.path));
      }
      expect(asked).toEqual(new Set(REQUEST_TYPES[only].map((kind) => `/copy/${kind}`)));
    },
  );
});

describe('percentile', () => {
  it('is the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile(values, 1)).toBe(100);
    expect(percentile([7], 0.5)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
