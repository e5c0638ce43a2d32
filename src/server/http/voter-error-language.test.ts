import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './route-schema.js';
import { nomineeWith, split } from '#test/support/payment-test-kit.js';
import { call } from '#test/support/call-app.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment, settlePayment } from '#test/factories/payment-factory.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const RATE_LIMIT = 2;

type Method = 'GET' | 'POST' | 'PATCH';
interface Refusal {
  name: string;
  method: Method;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  /** Uses up the route's rate limit first, from the caller's own address. */
  exhaust?: boolean;
}

/** Words that only one of the two languages uses; a message must have its own and none of the other's. */
const MARKERS = {
  en: new Set([
    'the',
    'this',
    'your',
    'please',
    'is',
    'not',
    'was',
    'could',
    'enter',
    'try',
    'again',
    'and',
    'or',
    'of',
    'to',
    'no',
    'has',
    'an',
    'use',
    'only',
    'for',
  ]),
  fr: new Set([
    'le',
    'la',
    'les',
    'de',
    'des',
    'du',
    'un',
    'une',
    'votre',
    'ce',
    'cette',
    'est',
    'pas',
    'et',
    'ou',
    'veuillez',
    'réessayez',
    'réessayer',
    'introuvable',
    'saisissez',
    'aucun',
    'sur',
    'pour',
    'par',
    'au',
  ]),
} as const;

/** Developers' words: our field names, zod's and Fastify's phrasing. */
const DEVELOPER_WORDS = [
  /\b[a-z]+[A-Z][A-Za-z]*\b/, // camelCase identifiers: phoneNumber, nominationVotes
  /\b\w+_\w+\b/, // snake_case: invalid_type, payment_id
  /\bInvalid (request|payment|lookup|input|[a-z]+ id)\b/i,
  /\bExpected\b/,
  /\bRequired\b/,
  /\bToo (small|big)\b/i,
  /\breceived\b/i,
  /(^|: )must be\b/i,
  /\b(undefined|null|NaN|uuid|json|FST)\b/i,
  /[{}[\]<>=`]/,
];

function expectVoterSentence(message: unknown, language: 'en' | 'fr', context: string): string {
  expect(typeof message, context).toBe('string');
  const text = String(message);
  expect.soft(text, context).toMatch(/^[A-ZÀ-Ý]/);
  expect.soft(text, context).toMatch(/[.!?]$/);
  for (const pattern of DEVELOPER_WORDS) expect.soft(text, context).not.toMatch(pattern);
  const words = text.toLowerCase().split(/[^a-zà-ÿ]+/);
  const other = language === 'en' ? 'fr' : 'en';
  expect
    .soft(
      words.some((w) => MARKERS[language].has(w)),
      `${context}: reads as ${language}`,
    )
    .toBe(true);
  expect
    .soft(
      words.filter((w) => MARKERS[other].has(w)),
      `${context}: no ${other} words`,
    )
    .toEqual([]);
  return text;
}

describe('every refusal a voter route can answer is a sentence in the site language', () => {
  let t: TestApp;
  const refusals: Refusal[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      RATE_LIMIT_PAYMENTS_PER_MINUTE: String(RATE_LIMIT),
      RATE_LIMIT_LOOKUPS_PER_MINUTE: String(RATE_LIMIT),
      RATE_LIMIT_LOOKUP_CODES_PER_RECIPIENT: '1',
      LOOKUP_CODE_ANSWER_FLOOR_MS: '0',
      SANDBOX_SETTLE_DELAY_MS: '60000',
    });
    const db = t.database.db;
    const nominee = await nomineeWith(db, 2);
    const good = split(nominee, [1, 1]);
    const category = await createCategory(db);
    const closed = (
      await createNominee(db, { categoryIds: [category.id], nomination: { isActive: false } })
    ).nominations[0]!.id;
    const otherArtist = (await createNominee(db, { categoryIds: [category.id] })).nominations[0]!
      .id;
    let setupAddress = 0;
    const card = async (voterEmail?: string) =>
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/create-payment-intent-multi',
          body: { nominationVotes: good, voterEmail },
          ...{ remoteAddress: `127.1.0.${++setupAddress}` },
        })
      ).body.paymentId as string;
    // The one code this recipient may have in the window, so asking again is refused.
    await call(t.app, {
      method: 'POST',
      url: '/api/receipts/lookup/code',
      json: { email: 'often@example.com' },
      remoteAddress: `127.1.0.${++setupAddress}`,
    });
    const pendingCard = await card();
    const cardWithEmail = await card('voter@example.com');
    const failedCard = await card('voter@example.com');
    await settlePayment(db, failedCard, { status: 'failed', reason: 'test' });
    const completed = await createCompletedPayment(db, {
      provider: 'stripe',
      votes: good,
      payment: { voterEmail: 'voter@example.com' },
    });
    const mobile = (overrides: Record<string, unknown>) => ({
      phoneNumber: '237677123456',
      nominationVotes: good,
      ...overrides,
    });
    const json = { 'content-type': 'application/json' };

    const campay = '/api/campay-payment';
    const cardUrl = '/api/create-payment-intent-multi';
    const sandboxCard = '/api/sandbox/card-confirm';
    const lookup = '/api/receipts/lookup';
    const lookupCode = '/api/receipts/lookup/code';
    refusals.push(
      // Mobile money: bodies, votes, phone, e-mail, totals, provider refusal, limits.
      { name: 'no body', method: 'POST', url: campay, status: 400 },
      { name: 'not JSON', method: 'POST', url: campay, body: 'votes please', status: 415 },
      {
        name: 'broken JSON',
        method: 'POST',
        url: campay,
        body: '{"phone',
        headers: json,
        status: 400,
      },
      { name: 'an array', method: 'POST', url: campay, body: [good], status: 400 },
      {
        name: 'missing phone',
        method: 'POST',
        url: campay,
        body: { nominationVotes: good },
        status: 400,
      },
      {
        name: 'missing votes',
        method: 'POST',
        url: campay,
        body: { phoneNumber: '237677123456' },
        status: 400,
      },
      {
        name: 'votes not a list',
        method: 'POST',
        url: campay,
        body: mobile({ nominationVotes: { a: 1 } }),
        status: 400,
      },
      {
        name: 'vote count as text',
        method: 'POST',
        url: campay,
        body: mobile({ nominationVotes: [{ ...good[0], voteCount: '5' }] }),
        status: 400,
      },
      {
        name: '101 votes',
        method: 'POST',
        url: campay,
        body: mobile({ nominationVotes: [{ ...good[0], voteCount: 101 }] }),
        status: 400,
      },
      {
        name: 'only zero votes',
        method: 'POST',
        url: campay,
        body: mobile({ nominationVotes: good.map((g) => ({ ...g, voteCount: 0 })) }),
        status: 400,
      },
      {
        name: 'a nomination twice',
        method: 'POST',
        url: campay,
        body: mobile({ nominationVotes: [good[0], good[0]] }),
        status: 400,
      },
      {
        name: 'a malformed nomination id',
        method: 'POST',
        url: campay,
        body: mobile({ nominationVotes: [{ nominationId: 'x', voteCount: 1 }] }),
        status: 400,
      },
      {
        name: 'a Nexttel number',
        method: 'POST',
        url: campay,
        body: mobile({ phoneNumber: '237661234567' }),
        status: 400,
      },
      {
        name: 'a French number',
        method: 'POST',
        url: campay,
        body: mobile({ phoneNumber: '33612345678' }),
        status: 400,
      },
      {
        name: 'a phone as a number',
        method: 'POST',
        url: campay,
        body: mobile({ phoneNumber: 237677123456 }),
        status: 400,
      },
      {
        name: 'a malformed e-mail',
        method: 'POST',
        url: campay,
        body: mobile({ voterEmail: 'not-an-email' }),
        status: 400,
      },
      {
        name: 'a negative total',
        method: 'POST',
        url: campay,
        body: mobile({ totalVotes: -2 }),
        status: 400,
      },
      {
        name: 'device info of the wrong type',
        method: 'POST',
        url: campay,
        body: mobile({ deviceInfo: 'x' }),
        status: 400,
      },
      {
        name: 'a total that does not match',
        method: 'POST',
        url: campay,
        body: mobile({ totalVotes: 3 }),
        status: 422,
      },
      {
        name: 'a closed nomination',
        method: 'POST',
        url: campay,
        body: mobile({ nominationVotes: [{ nominationId: closed, voteCount: 1 }] }),
        status: 422,
      },
      {
        name: 'two artists',
        method: 'POST',
        url: campay,
        body: mobile({ nominationVotes: [good[0], { nominationId: otherArtist, voteCount: 1 }] }),
        status: 422,
      },
      {
        name: 'a huge body',
        method: 'POST',
        url: campay,
        body: mobile({ deviceInfo: { userAgent: 'x'.repeat(100 * 1024) } }),
        status: 413,
      },
      {
        name: 'a number the provider refuses',
        method: 'POST',
        url: campay,
        body: mobile({ phoneNumber: '237690000004' }),
        status: 422,
      },
      {
        name: 'too many payments',
        method: 'POST',
        url: campay,
        body: mobile({}),
        status: 429,
        exhaust: true,
      },
      {
        name: 'a cross-site request with a session',
        method: 'POST',
        url: campay,
        body: mobile({}),
        headers: { cookie: `${SESSION_COOKIE}=x`, origin: 'http://elsewhere.invalid' },
        status: 403,
      },
      // Card.
      { name: 'card: no body', method: 'POST', url: cardUrl, status: 400 },
      {
        name: 'card: a malformed payment id',
        method: 'POST',
        url: cardUrl,
        body: { paymentId: 'abc', nominationVotes: good },
        status: 400,
      },
      {
        name: 'card: a malformed e-mail',
        method: 'POST',
        url: cardUrl,
        body: { nominationVotes: good, voterEmail: 'a@' },
        status: 400,
      },
      {
        name: 'card: a total that does not match',
        method: 'POST',
        url: cardUrl,
        body: { nominationVotes: good, totalVotes: 7 },
        status: 422,
      },
      {
        name: 'card: an unknown nomination',
        method: 'POST',
        url: cardUrl,
        body: { nominationVotes: [{ nominationId: UNKNOWN_ID, voteCount: 2 }] },
        status: 422,
      },
      {
        name: 'card: too many payments',
        method: 'POST',
        url: cardUrl,
        body: { nominationVotes: good },
        status: 429,
        exhaust: true,
      },
      {
        name: 'sandbox card: letters',
        method: 'POST',
        url: sandboxCard,
        body: { paymentId: cardWithEmail, cardNumber: 'abcd' },
        status: 400,
      },
      {
        name: 'sandbox card: no payment',
        method: 'POST',
        url: sandboxCard,
        body: { cardNumber: '4242424242424242' },
        status: 400,
      },
      {
        name: 'sandbox card: unknown payment',
        method: 'POST',
        url: sandboxCard,
        body: { paymentId: UNKNOWN_ID, cardNumber: '4242424242424242' },
        status: 404,
      },
      {
        name: 'sandbox card: not a test card',
        method: 'POST',
        url: sandboxCard,
        body: { paymentId: cardWithEmail, cardNumber: '4111111111111111' },
        status: 400,
      },
      {
        name: 'sandbox card: declined',
        method: 'POST',
        url: sandboxCard,
        body: { paymentId: cardWithEmail, cardNumber: '4000000000000002' },
        status: 402,
      },
      {
        name: 'sandbox card: no e-mail yet',
        method: 'POST',
        url: sandboxCard,
        body: { paymentId: pendingCard, cardNumber: '4242424242424242' },
        status: 422,
      },
      {
        name: 'sandbox card: payment already failed',
        method: 'POST',
        url: sandboxCard,
        body: { paymentId: failedCard, cardNumber: '4242424242424242' },
        status: 409,
      },
      // Payment updates, status, receipt code, confirmation.
      {
        name: 'e-mail: malformed id',
        method: 'PATCH',
        url: '/api/payment/nope/email',
        body: { voterEmail: 'a@b.co' },
        status: 400,
      },
      {
        name: 'e-mail: unknown payment',
        method: 'PATCH',
        url: `/api/payment/${UNKNOWN_ID}/email`,
        body: { voterEmail: 'a@b.co' },
        status: 404,
      },
      {
        name: 'e-mail: malformed',
        method: 'PATCH',
        url: `/api/payment/${pendingCard}/email`,
        body: { voterEmail: 'nope' },
        status: 400,
      },
      {
        name: 'e-mail: missing',
        method: 'PATCH',
        url: `/api/payment/${pendingCard}/email`,
        body: {},
        status: 400,
      },
      {
        name: 'e-mail: payment completed',
        method: 'PATCH',
        url: `/api/payment/${completed.id}/email`,
        body: { voterEmail: 'a@b.co' },
        status: 409,
      },
      {
        name: 'attempt: malformed id',
        method: 'PATCH',
        url: '/api/payment/1/attempt',
        status: 400,
      },
      {
        name: 'attempt: unknown payment',
        method: 'PATCH',
        url: `/api/payment/${UNKNOWN_ID}/attempt`,
        status: 404,
      },
      {
        name: 'attempt: card without e-mail',
        method: 'PATCH',
        url: `/api/payment/${pendingCard}/attempt`,
        status: 422,
      },
      {
        name: 'attempt: payment completed',
        method: 'PATCH',
        url: `/api/payment/${completed.id}/attempt`,
        status: 409,
      },
      {
        name: 'status: malformed id',
        method: 'GET',
        url: '/api/payment/%27%20OR%201=1/status',
        status: 400,
      },
      {
        name: 'status: unknown payment',
        method: 'GET',
        url: `/api/payment/${UNKNOWN_ID}/status`,
        status: 404,
      },
      {
        name: 'receipt code: malformed id',
        method: 'GET',
        url: '/api/payment/x/receipt-code',
        status: 400,
      },
      {
        name: 'receipt code: unknown payment',
        method: 'GET',
        url: `/api/payment/${UNKNOWN_ID}/receipt-code`,
        status: 404,
      },
      {
        name: 'receipt code: not completed',
        method: 'GET',
        url: `/api/payment/${pendingCard}/receipt-code`,
        status: 409,
      },
      {
        name: 'confirm: no intent',
        method: 'POST',
        url: '/api/confirm-payment',
        body: {},
        status: 400,
      },
      {
        name: 'confirm: malformed intent',
        method: 'POST',
        url: '/api/confirm-payment',
        body: { paymentIntentId: 'pi_<script>' },
        status: 400,
      },
      {
        name: 'confirm: unknown sandbox intent',
        method: 'POST',
        url: '/api/confirm-payment',
        body: { paymentIntentId: 'sandbox_pi_zz' },
        status: 404,
      },
      {
        name: 'confirm: unknown card intent',
        method: 'POST',
        url: '/api/confirm-payment',
        body: { paymentIntentId: 'pi_123' },
        status: 404,
      },
      // Receipts.
      {
        name: 'receipt: malformed code',
        method: 'GET',
        url: '/api/payment/receipt/%3Cscript%3E',
        status: 400,
      },
      {
        name: 'receipt: code too long',
        method: 'GET',
        url: '/api/payment/receipt/ABCDEFGHJKMNPQ',
        status: 400,
      },
      {
        name: 'receipt: unknown code',
        method: 'GET',
        url: '/api/payment/receipt/ABCDEFGHJKMN',
        status: 404,
      },
      {
        name: 'resend: malformed code',
        method: 'POST',
        url: '/api/payment/receipt/%3Cscript%3E/resend',
        status: 400,
      },
      {
        name: 'resend: unknown code',
        method: 'POST',
        url: '/api/payment/receipt/ABCDEFGHJKMN/resend',
        status: 404,
      },
      {
        name: 'resend: too many',
        method: 'POST',
        url: `/api/payment/receipt/${completed.receiptCode}/resend`,
        status: 429,
        exhaust: true,
      },
      {
        name: 'lookup: nothing',
        method: 'POST',
        url: lookup,
        body: { code: '123456' },
        status: 400,
      },
      {
        name: 'lookup: both',
        method: 'POST',
        url: lookup,
        body: { email: 'a@b.co', phoneNumber: '237677123456', code: '123456' },
        status: 400,
      },
      {
        name: 'lookup: malformed e-mail',
        method: 'POST',
        url: lookup,
        body: { email: 'nope', code: '123456' },
        status: 400,
      },
      {
        name: 'lookup: short phone',
        method: 'POST',
        url: lookup,
        body: { phoneNumber: '12', code: '123456' },
        status: 400,
      },
      {
        name: 'lookup: phone as a list',
        method: 'POST',
        url: lookup,
        body: { phoneNumber: ['237677123456'], code: '123456' },
        status: 400,
      },
      {
        name: 'lookup: no code',
        method: 'POST',
        url: lookup,
        body: { email: 'a@b.co' },
        status: 400,
      },
      {
        name: 'lookup: short code',
        method: 'POST',
        url: lookup,
        body: { email: 'a@b.co', code: '12345' },
        status: 400,
      },
      {
        name: 'lookup: wrong code',
        method: 'POST',
        url: lookup,
        body: { email: 'a@b.co', code: '123456' },
        status: 422,
      },
      { name: 'lookup code: nothing', method: 'POST', url: lookupCode, body: {}, status: 400 },
      {
        name: 'lookup code: both',
        method: 'POST',
        url: lookupCode,
        body: { email: 'a@b.co', phoneNumber: '237677123456' },
        status: 400,
      },
      {
        name: 'lookup code: short phone',
        method: 'POST',
        url: lookupCode,
        body: { phoneNumber: '12' },
        status: 400,
      },
      {
        name: 'lookup code: too many for one recipient',
        method: 'POST',
        url: lookupCode,
        body: { email: 'often@example.com' },
        status: 429,
      },
      {
        name: 'lookup: too many',
        method: 'POST',
        url: lookup,
        body: { email: 'a@b.co', code: '123456' },
        status: 429,
        exhaust: true,
      },
      // Catalogue reads and the share link.
      { name: 'category: malformed id', method: 'GET', url: '/api/categories/nope', status: 400 },
      {
        name: 'category: unknown',
        method: 'GET',
        url: `/api/categories/${UNKNOWN_ID}`,
        status: 404,
      },
      {
        name: 'category nominees: malformed id',
        method: 'GET',
        url: '/api/nominations/category/nope',
        status: 400,
      },
      {
        name: 'category nominees: unknown',
        method: 'GET',
        url: `/api/nominations/category/${UNKNOWN_ID}`,
        status: 404,
      },
      {
        name: 'artist nominations: malformed id',
        method: 'GET',
        url: '/api/nominations/artist/nope',
        status: 400,
      },
      {
        name: 'artist nominations: unknown',
        method: 'GET',
        url: `/api/nominations/artist/${UNKNOWN_ID}`,
        status: 404,
      },
      { name: 'artist: malformed id', method: 'GET', url: '/api/artists/nope', status: 400 },
      { name: 'artist: unknown', method: 'GET', url: `/api/artists/${UNKNOWN_ID}`, status: 404 },
      {
        name: 'artist nominations (2): unknown',
        method: 'GET',
        url: `/api/artists/${UNKNOWN_ID}/nominations`,
        status: 404,
      },
      {
        name: 'share link: malformed',
        method: 'GET',
        url: '/api/nominations/share/a%20b',
        status: 400,
      },
      {
        name: 'share link: unknown',
        method: 'GET',
        url: '/api/nominations/share/abcdefgh12345678',
        status: 404,
      },
    );
  });
  afterAll(() => t.close());

  it('in English and in French, with no field names or schema wording', async () => {
    let address = 0;
    const seen = new Map<string, string>();
    for (const refusal of refusals) {
      const from = `127.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
      const ask = (language: 'en' | 'fr') =>
        call(t.app, {
          method: refusal.method,
          url: refusal.url,
          body: refusal.body,
          ...{
            remoteAddress: from,
            headers: { 'accept-language': language, ...refusal.headers },
          },
        });
      if (refusal.exhaust) for (let i = 0; i < RATE_LIMIT; i++) await ask('en');
      const messages: string[] = [];
      for (const language of ['en', 'fr'] as const) {
        const res = await ask(language);
        const context = `${refusal.name} (${language}): ${JSON.stringify(res.body)}`;
        expect.soft(res.status, context).toBe(refusal.status);
        messages.push(expectVoterSentence(res.body.message, language, context));
        seen.set(`${language}: ${String(res.body.message)}`, refusal.name);
      }
      expect.soft(messages[0], refusal.name).not.toBe(messages[1]);
    }
    // Each refusal says something about its own case, not one catch-all sentence for all.
    expect(seen.size).toBeGreaterThan(30);
  });
});
