import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nomineeWith, split } from '#test/support/payment-test-kit.js';
import { call } from '#test/support/call-app.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('checkout and receipts refuse bad input', (kind) => {
  let t: TestApp;
  let good: { nominationId: string; voteCount: number }[];
  let inactive: Record<'nomination' | 'artist' | 'category', string>;
  let otherArtist: string;
  let pendingCardId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '100000',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '100000',
    });
    const db = t.database.db;
    const nominee = await nomineeWith(db, 2);
    good = split(nominee, [1, 1]);
    const category = await createCategory(db);
    inactive = {
      nomination: (
        await createNominee(db, { categoryIds: [category.id], nomination: { isActive: false } })
      ).nominations[0]!.id,
      artist: (await createNominee(db, { categoryIds: [category.id], artist: { isActive: false } }))
        .nominations[0]!.id,
      category: (
        await createNominee(db, {
          categoryIds: [(await createCategory(db, { isActive: false })).id],
        })
      ).nominations[0]!.id,
    };
    otherArtist = (await createNominee(db, { categoryIds: [category.id] })).nominations[0]!.id;
    const card = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: {
        nominationVotes: good,
      },
    });
    pendingCardId = card.body.paymentId as string;
  });
  afterAll(() => t.close());

  /** Everything a refused request could have changed. */
  const snapshot = async () =>
    (
      (await t.database.db.execute(sql`SELECT
        (SELECT count(*) FROM payments)::int AS payments,
        (SELECT count(*) FROM payment_votes)::int AS votes,
        (SELECT count(*) FROM payment_events)::int AS events,
        (SELECT COALESCE(sum(vote_count), 0) FROM nominations)::int AS tallies,
        (SELECT string_agg(id::text || coalesce(voter_email, '') || coalesce(attempted_at::text, '') || amount, ',' ORDER BY id) FROM payments) AS rows`)) as unknown as {
        rows: unknown[];
      }
    ).rows[0];

  async function expectRefused(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body: unknown,
    status: number,
    message?: RegExp,
  ) {
    const before = await snapshot();
    const res = await call(t.app, { method: method, url: url, body: body });
    expect({ url, status: res.status }).toEqual({ url, status });
    expect(typeof res.body.message).toBe('string');
    if (message) expect(res.body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  }

  const mobile = (overrides: Record<string, unknown>) => ({
    phoneNumber: '237677123456',
    nominationVotes: good,
    ...overrides,
  });

  describe('POST /api/campay-payment', () => {
    const url = '/api/campay-payment';
    it.each([
      ['no body', () => undefined, 400],
      ['a string (text/plain)', () => 'votes please', 415],
      ['an array', () => [good], 400],
      ['missing phone', () => ({ nominationVotes: good }), 400],
      ['missing votes', () => ({ phoneNumber: '237677123456' }), 400],
      ['votes not a list', () => mobile({ nominationVotes: { a: 1 } }), 400],
      [
        'vote count as text',
        () => mobile({ nominationVotes: [{ ...good[0], voteCount: '5' }] }),
        400,
      ],
      ['101 votes', () => mobile({ nominationVotes: [{ ...good[0], voteCount: 101 }] }), 400],
      ['negative votes', () => mobile({ nominationVotes: [{ ...good[0], voteCount: -1 }] }), 400],
      [
        'fractional votes',
        () => mobile({ nominationVotes: [{ ...good[0], voteCount: 1.5 }] }),
        400,
      ],
      [
        'only zero votes',
        () => mobile({ nominationVotes: good.map((g) => ({ ...g, voteCount: 0 })) }),
        400,
      ],
      ['no vote lines', () => mobile({ nominationVotes: [] }), 400],
      ['a nomination twice', () => mobile({ nominationVotes: [good[0], good[0]] }), 400],
      [
        'a malformed nomination id',
        () => mobile({ nominationVotes: [{ nominationId: 'x', voteCount: 1 }] }),
        400,
      ],
      [
        '51 vote lines',
        () =>
          mobile({
            nominationVotes: Array.from({ length: 51 }, () => ({
              nominationId: UNKNOWN_ID,
              voteCount: 1,
            })),
          }),
        400,
      ],
      ['a French number', () => mobile({ phoneNumber: '33612345678' }), 400],
      ['a Nexttel number', () => mobile({ phoneNumber: '237661234567' }), 400],
      ['a short number', () => mobile({ phoneNumber: '23767712345' }), 400],
      ['a phone as a number', () => mobile({ phoneNumber: 237677123456 }), 400],
      ['a malformed e-mail', () => mobile({ voterEmail: 'not-an-email' }), 400],
      ['a total that does not match', () => mobile({ totalVotes: 3 }), 422],
      ['a negative total', () => mobile({ totalVotes: -2 }), 400],
      [
        'a NUL in the user agent',
        () => mobile({ deviceInfo: { userAgent: 'Mozilla\u0000' } }),
        400,
      ],
      [
        'a lone surrogate in the user agent',
        () => mobile({ deviceInfo: { userAgent: 'a\uD800' } }),
        400,
      ],
      [
        'an escape in the user agent',
        () => mobile({ deviceInfo: { userAgent: '\u001B[2J' } }),
        400,
      ],
      [
        'a NUL in the device time',
        () => mobile({ deviceInfo: { deviceTimestamp: '\u0000' } }),
        400,
      ],
      [
        'a NUL in the device details',
        () => mobile({ deviceInfo: { deviceMetadata: '{"a":"\u0000"}' } }),
        400,
      ],
      ['a NUL in the e-mail', () => mobile({ voterEmail: 'a\u0000@b.co' }), 400],
      ['a NUL in the phone', () => mobile({ phoneNumber: '237677123456\u0000' }), 400],
    ])('%s', async (_name, body, status) => {
      await expectRefused('POST', url, body(), status);
    });

    it('says so in the voter language', async () => {
      const res = await call(t.app, {
        method: 'POST',
        url: url,
        body: mobile({ deviceInfo: { userAgent: 'Mozilla\u0000' } }),
        ...{ headers: { 'accept-language': 'fr' } },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Le texte contient des caractères non autorisés.');
    });

    it('unknown, inactive nominations, artists and categories, and mixed artists (422)', async () => {
      for (const nominationId of [
        UNKNOWN_ID,
        inactive.nomination,
        inactive.artist,
        inactive.category,
      ]) {
        await expectRefused(
          'POST',
          url,
          mobile({ nominationVotes: [{ nominationId, voteCount: 1 }] }),
          422,
          /not open/,
        );
      }
      await expectRefused(
        'POST',
        url,
        mobile({ nominationVotes: [good[0], { nominationId: otherArtist, voteCount: 1 }] }),
        422,
        /same artist/,
      );
    });

    it('a huge body (413)', async () => {
      const filler = 'x'.repeat(100 * 1024);
      await expectRefused('POST', url, mobile({ deviceInfo: { userAgent: filler } }), 413);
    });
  });

  describe('POST /api/create-payment-intent-multi', () => {
    const url = '/api/create-payment-intent-multi';
    it.each([
      ['no body', () => undefined, 400],
      ['101 votes', () => ({ nominationVotes: [{ ...good[0], voteCount: 101 }] }), 400],
      ['negative votes', () => ({ nominationVotes: [{ ...good[0], voteCount: -3 }] }), 400],
      ['a malformed payment id', () => ({ paymentId: 'abc', nominationVotes: good }), 400],
      ['a malformed e-mail', () => ({ nominationVotes: good, voterEmail: 'a@' }), 400],
      ['a total that does not match', () => ({ nominationVotes: good, totalVotes: 7 }), 422],
      [
        'an unknown nomination',
        () => ({ nominationVotes: [{ nominationId: UNKNOWN_ID, voteCount: 2 }] }),
        422,
      ],
      [
        'a NUL in the user agent',
        () => ({ nominationVotes: good, deviceInfo: { userAgent: 'Mozilla\u0000' } }),
        400,
      ],
      [
        'a lone surrogate in the user agent',
        () => ({ nominationVotes: good, deviceInfo: { userAgent: '\uDC00' } }),
        400,
      ],
    ])('%s', async (_name, body, status) => {
      await expectRefused('POST', url, body(), status);
    });
  });

  describe('bodies that are not UTF-8 (400, in the voter language)', () => {
    /** A request that would succeed, but for two bytes that are not UTF-8 in its user agent. */
    const notUtf8 = (value: Record<string, unknown>) => {
      const [before, after] = JSON.stringify(value).split('MARK') as [string, string];
      return Buffer.concat([Buffer.from(before), Buffer.from([0xc3, 0x28]), Buffer.from(after)]);
    };
    it.each([
      ['POST', '/api/campay-payment', () => mobile({ deviceInfo: { userAgent: 'MARK' } })],
      [
        'POST',
        '/api/create-payment-intent-multi',
        () => ({ nominationVotes: good, deviceInfo: { userAgent: 'MARK' } }),
      ],
      ['PATCH', '/api/payment/{id}/email', () => ({ voterEmail: 'MARK@b.co' })],
      ['POST', '/api/receipts/lookup/code', () => ({ email: 'MARK@b.co' })],
      ['POST', '/api/receipts/lookup', () => ({ email: 'MARK@b.co', code: '123456' })],
      ['POST', '/api/confirm-payment', () => ({ paymentIntentId: 'pi_MARK' })],
    ] as const)('%s %s', async (method, path, body) => {
      const url = path.replace('{id}', pendingCardId);
      const before = await snapshot();
      const res = await call(t.app, {
        method: method,
        url: url,
        body: notUtf8(body()),
        ...{
          headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
        },
      });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(res.body.message).toBe("La requête n'est pas un texte UTF-8 valide.");
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('payment updates, status, confirmation, receipts', () => {
    it('PATCH e-mail: malformed id, unknown id, bad e-mail, no e-mail', async () => {
      await expectRefused('PATCH', '/api/payment/nope/email', { voterEmail: 'a@b.co' }, 400);
      await expectRefused(
        'PATCH',
        `/api/payment/${UNKNOWN_ID}/email`,
        { voterEmail: 'a@b.co' },
        404,
      );
      await expectRefused(
        'PATCH',
        `/api/payment/${pendingCardId}/email`,
        { voterEmail: 'nope' },
        400,
      );
      await expectRefused('PATCH', `/api/payment/${pendingCardId}/email`, {}, 400);
      await expectRefused('PATCH', `/api/payment/${pendingCardId}/email`, { voterEmail: 42 }, 400);
    });

    it('PATCH attempt: malformed id, unknown id, card payment without e-mail', async () => {
      await expectRefused('PATCH', '/api/payment/1/attempt', undefined, 400);
      await expectRefused('PATCH', `/api/payment/${UNKNOWN_ID}/attempt`, undefined, 404);
      await expectRefused(
        'PATCH',
        `/api/payment/${pendingCardId}/attempt`,
        undefined,
        422,
        /email/i,
      );
    });

    it('status and receipt code: malformed and unknown ids; no receipt before completion', async () => {
      await expectRefused('GET', '/api/payment/%27%20OR%201=1/status', undefined, 400);
      await expectRefused('GET', `/api/payment/${UNKNOWN_ID}/status`, undefined, 404);
      await expectRefused('GET', `/api/payment/${UNKNOWN_ID}/receipt-code`, undefined, 404);
      await expectRefused('GET', `/api/payment/${pendingCardId}/receipt-code`, undefined, 409);
    });

    it('confirm-payment: missing, malformed and unknown intents', async () => {
      await expectRefused('POST', '/api/confirm-payment', {}, 400);
      await expectRefused('POST', '/api/confirm-payment', { paymentIntentId: 'pi_<script>' }, 400);
      await expectRefused('POST', '/api/confirm-payment', { paymentIntentId: 12 }, 400);
      await expectRefused(
        'POST',
        '/api/confirm-payment',
        { paymentIntentId: 'sandbox_pi_zz' },
        404,
      );
      await expectRefused('POST', '/api/confirm-payment', { paymentIntentId: 'pi_123' }, 404);
    });

    it('sandbox card: bad numbers, unknown payments, test cards only', async () => {
      const url = '/api/sandbox/card-confirm';
      await expectRefused('POST', url, { paymentId: pendingCardId, cardNumber: 'abcd' }, 400);
      await expectRefused(
        'POST',
        url,
        { paymentId: UNKNOWN_ID, cardNumber: '4242424242424242' },
        404,
      );
      await expectRefused('POST', url, { cardNumber: '4242424242424242' }, 400);
    });

    it('receipts: malformed and unknown codes; lookups need exactly one well-formed key', async () => {
      await expectRefused('GET', '/api/payment/receipt/%3Cscript%3E', undefined, 400);
      await expectRefused('GET', '/api/payment/receipt/ABCDEFGHJKMNPQ', undefined, 400);
      await expectRefused('GET', '/api/payment/receipt/ABCDEFGHJKMN', undefined, 404);
      for (const url of ['/api/receipts/lookup/code', '/api/receipts/lookup']) {
        const code = url.endsWith('/code') ? {} : { code: '123456' };
        await expectRefused('POST', url, { ...code }, 400);
        await expectRefused('POST', url, { email: '', phoneNumber: '', ...code }, 400);
        await expectRefused(
          'POST',
          url,
          { email: 'a@b.co', phoneNumber: '237677123456', ...code },
          400,
        );
        await expectRefused('POST', url, { email: 'nope', ...code }, 400);
        await expectRefused('POST', url, { phoneNumber: '12', ...code }, 400);
        await expectRefused('POST', url, { phoneNumber: ['237677123456'], ...code }, 400);
      }
      await expectRefused('POST', '/api/receipts/lookup', { email: 'a@b.co' }, 400);
      await expectRefused('POST', '/api/receipts/lookup', { email: 'a@b.co', code: '12345' }, 400);
      await expectRefused('POST', '/api/receipts/lookup', { email: 'a@b.co', code: 123456 }, 400);
    });

    it('provider callbacks are not served when that provider is not configured', async () => {
      await expectRefused('POST', '/api/webhooks/campay', { reference: 'x', signature: 'y' }, 404);
      await expectRefused('POST', '/api/webhooks/stripe', '{}', 404);
    });
  });

  it('survives random bodies on every route without a 500', async () => {
    const routes: ['POST' | 'PATCH', string][] = [
      ['POST', '/api/campay-payment'],
      ['POST', '/api/create-payment-intent-multi'],
      ['PATCH', `/api/payment/${pendingCardId}/email`],
      ['POST', '/api/confirm-payment'],
      ['POST', '/api/receipts/lookup/code'],
      ['POST', '/api/receipts/lookup'],
      ['POST', '/api/sandbox/card-confirm'],
    ];
    let seed = 20250101;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    const keys = [
      'phoneNumber',
      'voterEmail',
      'nominationVotes',
      'nominationId',
      'voteCount',
      'totalVotes',
      'deviceInfo',
      'paymentId',
      'paymentIntentId',
      'email',
      'cardNumber',
      'code',
      '__proto__',
      'constructor',
    ];
    const value = (depth: number): unknown => {
      switch (Math.floor(rand() * (depth > 2 ? 6 : 8))) {
        case 0:
          return null;
        case 1:
          return rand() < 0.5;
        case 2:
          return pick([0, -1, 1, 100, 101, 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER]);
        case 3:
          return pick([
            '',
            ' ',
            '237677123456',
            'a@b.co',
            UNKNOWN_ID,
            good[0]!.nominationId,
            '\u0000',
            'a\u0000b',
            '\uD800',
            'x\uDC00',
            '\u001B[0m',
            'é'.repeat(50),
            '4242424242424242',
            '123456',
          ]);
        case 4:
          return 'x'.repeat(Math.floor(rand() * 2000));
        case 5:
          return pick([pendingCardId, 'pi_123', 'sandbox_pi_0']);
        case 6:
          return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
        default:
          return Object.fromEntries(
            Array.from({ length: Math.floor(rand() * 5) }, () => [pick(keys), value(depth + 1)]),
          );
      }
    };
    for (let i = 0; i < 300; i++) {
      const [method, url] = pick(routes);
      const json = Buffer.from(JSON.stringify(value(0)) ?? 'null');
      // Now and then a byte that cannot start a UTF-8 character, somewhere in the text.
      const at = Math.floor(rand() * json.length);
      const payload =
        rand() < 0.1
          ? Buffer.concat([json.subarray(0, at), Buffer.from([0xff]), json.subarray(at)])
          : json;
      const res = await call(t.app, {
        method: method,
        url: url,
        body: payload,
        ...{
          headers: { 'content-type': 'application/json' },
        },
      });
      expect({ url, status: res.status < 500 }).toEqual({ url, status: true });
      expect(typeof res.body.message === 'string' || res.status < 300).toBe(true);
    }
  });
});
