import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows.js';
import { CLOSED_AFTER_DECLINES } from './card-testing.js';
import { SANDBOX_CHALLENGE_TOKEN } from '#shared/schemas/card-checkout.js';
import { createCardDeclines } from '#test/factories/card-checkout-factory.js';
import { createPendingPayment } from '#test/factories/payment-factory.js';
import { FakeStripe } from '#test/fakes/fake-stripe.js';
import { startFakeTurnstile, type FakeTurnstile } from '#test/fakes/fake-turnstile.js';
import { call, type Answer } from '#test/support/call-app.js';
import { nomineeWith, paymentRow, split } from '#test/support/payment-test-kit.js';
import { stripeCardKit } from '#test/support/stripe-card-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase, describePostgres } from '#test/support/test-database.js';

/*
 * Card testing stopped early: each client (address, checkout session, e-mail) may start so many
 * card payments an hour and rests after five declines, and while declines across the site are
 * many, a card payment first passes a challenge. The limits are production's defaults here; the
 * per-minute limit is raised so that only these act.
 */
const LIMITS = {
  RATE_LIMIT_PAYMENTS_PER_MINUTE: '100000',
  CARD_INTENTS_PER_HOUR_PER_ADDRESS: '30',
  CARD_INTENTS_PER_HOUR_PER_SESSION: '10',
  CARD_INTENTS_PER_HOUR_PER_EMAIL: '10',
  CARD_BLOCK_AFTER_DECLINES: '5',
  CARD_BLOCK_MINUTES: '60',
  CARD_CHALLENGE_AFTER_DECLINES: '30',
  CARD_CHALLENGE_WINDOW_MINUTES: '15',
};
const DECLINED_CARD = '4000000000000002';
const GOOD_CARD = '4242424242424242';

type Refusal = { message: string; details?: { code?: string; challenge?: unknown } };

/** The checkout cookie the answer set, or the one the client already had. */
const sessionCookie = (answer: Answer<unknown>, had?: string) => {
  const set = [answer.headers['set-cookie'] ?? []].flat().join(';');
  return /palmares_checkout=([^;]+)/.exec(set)?.[1] ?? had;
};

interface Client {
  ip: string;
  email?: string;
  /** Keeps the checkout cookie between requests, as a browser does; a script may drop it. */
  keepsCookie?: boolean;
  cookie?: string;
  language?: 'en' | 'fr';
}

function cardCheckout(app: () => TestApp) {
  const headersOf = (client: Client) => ({ 'accept-language': client.language ?? 'en' });
  const cookiesOf = (client: Client): Record<string, string> =>
    client.keepsCookie !== false && client.cookie ? { palmares_checkout: client.cookie } : {};

  // One nominee for every payment: the scripts ask for intents, not for new nominees.
  let nominee: Awaited<ReturnType<typeof nomineeWith>> | undefined;

  /** POST /api/create-payment-intent-multi as the page sends it. */
  async function startIntent(client: Client) {
    nominee ??= await nomineeWith(app().database.db, 1);
    const answer = await call<{ paymentId: string } & Refusal>(app().app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      remoteAddress: client.ip,
      headers: headersOf(client),
      cookies: cookiesOf(client),
      body: {
        nominationVotes: split(nominee, [1]),
        voterEmail: client.email ?? null,
        deviceInfo: { deviceTimestamp: new Date().toISOString(), userAgent: 'attack-script/1.0' },
      },
    });
    if (client.keepsCookie !== false) client.cookie = sessionCookie(answer, client.cookie);
    return answer;
  }

  /** Tries `card` on the payment through the sandbox's card form (e-mail first, as the page does). */
  async function tryCard(client: Client, paymentId: string, card: string) {
    await call(app().app, {
      method: 'PATCH',
      url: `/api/payment/${paymentId}/email`,
      remoteAddress: client.ip,
      body: { voterEmail: client.email ?? 'voter@example.com' },
    });
    return call<Refusal & { status?: string }>(app().app, {
      method: 'POST',
      url: '/api/sandbox/card-confirm',
      remoteAddress: client.ip,
      headers: headersOf(client),
      cookies: cookiesOf(client),
      body: { paymentId, cardNumber: card },
    });
  }

  /** A voter who pays with a good card, start to finish; the status of each step. */
  async function pays(client: Client) {
    const started = await startIntent(client);
    if (started.status !== 200) return { started: started.status, paid: null };
    const paid = await tryCard(client, started.body.paymentId, GOOD_CARD);
    return { started: started.status, paid: paid.status, paymentId: started.body.paymentId };
  }

  return { startIntent, tryCard, pays };
}

describeEachDatabase('card testing is stopped early', (kind) => {
  let t: TestApp;
  const { startIntent, tryCard, pays } = cardCheckout(() => t);
  beforeAll(async () => {
    t = await createTestApp(kind, LIMITS);
  });
  afterAll(() => t.close());

  it('a client rests after five declines: no new intent, no card on the ones it holds, its open payments closed', async () => {
    const client: Client = { ip: '203.0.113.10', email: 'tester@example.com', language: 'fr' };
    const open = await startIntent(client);
    expect(open.status).toBe(200);
    const first = await startIntent(client);
    for (let i = 0; i < 5; i++) {
      expect((await tryCard(client, first.body.paymentId, DECLINED_CARD)).status).toBe(402);
    }
    const refused = await startIntent(client);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Trop de paiements par carte ont été refusés .* 60 minutes/,
    );
    expect(refused.body.details?.code).toBe('card_declines');
    // Both payments were closed when the fifth decline came, so their secrets take no more cards.
    for (const id of [open.body.paymentId, first.body.paymentId]) {
      const row = await paymentRow(t.database.db, id);
      expect(row).toMatchObject({ status: 'failed', failureReason: CLOSED_AFTER_DECLINES });
    }
    expect((await tryCard(client, open.body.paymentId, GOOD_CARD)).status).toBe(409);
    // A card payment it holds that was not closed (started elsewhere with its e-mail) is refused
    // the attempt, and the sandbox's card form refuses it a card.
    const held = await createPendingPayment(t.database.db, {
      provider: 'stripe',
      votes: [
        { nominationId: (await nomineeWith(t.database.db, 1)).nominations[0]!.id, voteCount: 1 },
      ],
      payment: { voterEmail: client.email, providerRef: 'sandbox_pi_held' },
    });
    const attempt = await call<Refusal>(t.app, {
      method: 'PATCH',
      url: `/api/payment/${held.id}/attempt`,
      remoteAddress: client.ip,
      cookies: { palmares_checkout: client.cookie! },
    });
    expect(attempt.status).toBe(429);
    expect(attempt.body.details?.code).toBe('card_declines');
    // Another address, session and e-mail is not at rest.
    expect(await pays({ ip: '203.0.113.11', email: 'fan@example.com' })).toMatchObject({
      started: 200,
      paid: 200,
    });
  });

  it('a report of one decline heard twice counts once', async () => {
    const client: Client = { ip: '203.0.113.20', email: 'twice@example.com' };
    const started = await startIntent(client);
    const before = await declines(started.body.paymentId);
    expect(await tryCard(client, started.body.paymentId, DECLINED_CARD)).toMatchObject({
      status: 402,
    });
    expect(await declines(started.body.paymentId)).toBe(before + 1);
  });

  it('new intents are limited per session, per e-mail and per address each hour', async () => {
    const session: Client = { ip: '203.0.113.30' };
    const perSession = [];
    for (let i = 0; i < 11; i++) {
      // A new address each time: only the session ties the requests together.
      session.ip = `203.0.113.${30 + (i % 3)}`;
      perSession.push((await startIntent(session)).status);
    }
    expect(perSession).toEqual([...Array(10).fill(200), 429]);

    const perEmail = [];
    for (let i = 0; i < 11; i++) {
      const answer = await startIntent({
        ip: `198.18.0.${i + 1}`,
        email: 'Many@Example.com',
        keepsCookie: false,
      });
      perEmail.push(answer.status);
    }
    expect(perEmail).toEqual([...Array(10).fill(200), 429]);

    const perAddress = [];
    for (let i = 0; i < 31; i++) {
      perAddress.push((await startIntent({ ip: '198.18.1.1', keepsCookie: false })).status);
    }
    expect(perAddress).toEqual([...Array(30).fill(200), 429]);
    const refused = await startIntent({ ip: '198.18.1.1', keepsCookie: false });
    expect(refused.body).toMatchObject({ details: { code: 'card_intents' } });
    expect(refused.body.message).toMatch(/^Too many card payments were started/);
  });

  async function declines(paymentId: string) {
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        SELECT count(*)::int AS n FROM card_checkout_events
        WHERE payment_id = ${paymentId} AND kind = 'decline'`),
    );
    return Number(row?.n ?? 0);
  }
});

/*
 * The attack scripts: a thousand intents with declining cards, first from one address (a script
 * that drops its cookies and changes e-mail every time), then from a thousand addresses (a
 * botnet). Each is stopped after a handful, and voters elsewhere go on paying.
 */
describePostgres('attack scripts against the card checkout', () => {
  let t: TestApp;
  const { startIntent, tryCard, pays } = cardCheckout(() => t);
  beforeAll(async () => {
    t = await createTestApp('postgres', LIMITS);
  });
  afterAll(() => t.close());

  async function attack(addressOf: (i: number) => string) {
    const tally = { intents: 0, declines: 0, refused: new Map<string, number>() };
    for (let i = 0; i < 1000; i++) {
      const script: Client = {
        ip: addressOf(i),
        email: `card${i}@example.com`,
        keepsCookie: false,
      };
      const started = await startIntent(script);
      if (started.status !== 200) {
        const code = started.body.details?.code ?? String(started.status);
        tally.refused.set(code, (tally.refused.get(code) ?? 0) + 1);
        continue;
      }
      tally.intents++;
      if ((await tryCard(script, started.body.paymentId, DECLINED_CARD)).status === 402) {
        tally.declines++;
      }
    }
    return tally;
  }

  it('from one address: stopped after 5 declines, voters elsewhere still pay', async () => {
    const tally = await attack(() => '192.0.2.66');
    expect(tally).toMatchObject({ intents: 5, declines: 5 });
    expect(tally.refused.get('card_declines')).toBe(995);
    expect(await pays({ ip: '192.0.2.1', email: 'voter1@example.com' })).toMatchObject({
      started: 200,
      paid: 200,
    });
  });

  it('from a thousand addresses: past 30 declines across the site a challenge stops it; voters pass it and pay', async () => {
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM card_checkout_events WHERE kind = 'decline'`,
      ),
    );
    const earlier = Number(row?.n ?? 0);
    const tally = await attack((i) => `100.64.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    expect(tally.declines).toBe(30 - earlier);
    expect(tally.intents).toBe(30 - earlier);
    expect(tally.refused.get('challenge_required')).toBe(1000 - tally.intents);

    // A voter is asked the challenge, passes it, and pays; a wrong answer is refused.
    const voter: Client = { ip: '192.0.2.2', email: 'voter2@example.com' };
    const asked = await startIntent(voter);
    expect(asked.status).toBe(403);
    expect(asked.body.details).toEqual({
      code: 'challenge_required',
      challenge: { kind: 'sandbox' },
    });
    const answer = (token: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/checkout/challenge',
        remoteAddress: voter.ip,
        cookies: { palmares_checkout: voter.cookie! },
        body: { token },
      });
    expect((await answer('not-the-token')).status).toBe(422);
    expect((await answer(SANDBOX_CHALLENGE_TOKEN)).status).toBe(200);
    expect(await pays(voter)).toMatchObject({ started: 200, paid: 200 });
  });
});

describeEachDatabase('the challenge by Turnstile, and Stripe told who pays', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let turnstile: FakeTurnstile;
  const kit = stripeCardKit(
    () => t.app,
    () => t.database.db,
    () => stripe,
  );
  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    turnstile = await startFakeTurnstile('turnstile-secret');
    t = await createTestApp(kind, {
      ...stripe.env,
      ...LIMITS,
      TURNSTILE_SITE_KEY: '0x4AAAAAAAtest',
      TURNSTILE_SECRET_KEY: 'turnstile-secret',
      TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
    await turnstile.close();
  });

  it("gives Stripe the voter's address and browser with a new intent", async () => {
    const { intentId } = await kit.startCardPayment(2);
    const create = stripe.requests.find(
      (r) => r.path === '/v1/payment_intents' && JSON.stringify(r.params).includes(intentId),
    );
    expect(stripe.intents.get(intentId)?.metadata).toMatchObject({
      client_ip: '127.0.0.1',
      user_agent: 'lightMyRequest',
    });
    expect(create ?? stripe.intents.get(intentId)).toBeDefined();
  });

  it('counts a decline Stripe reports once, however often the event is delivered', async () => {
    const { paymentId, intentId } = await kit.startCardPayment(1);
    await expect(
      stripe
        .client()
        .paymentIntents.confirm(intentId, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toThrow();
    const [failed] = stripe.eventsFor(intentId, 'payment_intent.payment_failed');
    expect(failed).toBeDefined();
    await kit.deliverAll([failed!, failed!]);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        SELECT count(*)::int AS n FROM card_checkout_events
        WHERE payment_id = ${paymentId} AND kind = 'decline'`),
    );
    expect(Number(row?.n)).toBe(1);
  });

  it('asks for Turnstile past the threshold and checks its token with siteverify', async () => {
    const earlier = await createPendingPayment(t.database.db, {
      provider: 'stripe',
      votes: [
        { nominationId: (await nomineeWith(t.database.db, 1)).nominations[0]!.id, voteCount: 1 },
      ],
    });
    await createCardDeclines(t.database.db, earlier.id, 30);
    const nominee = await nomineeWith(t.database.db, 1);
    const start = (cookie?: string) =>
      call<Refusal>(t.app, {
        method: 'POST',
        url: '/api/create-payment-intent-multi',
        remoteAddress: '192.0.2.9',
        cookies: cookie ? { palmares_checkout: cookie } : {},
        body: { nominationVotes: split(nominee, [1]), voterEmail: 'voter9@example.com' },
      });
    const asked = await start();
    expect(asked.status).toBe(403);
    expect(asked.body.details).toEqual({
      code: 'challenge_required',
      challenge: { kind: 'turnstile', siteKey: '0x4AAAAAAAtest' },
    });
    const cookie = sessionCookie(asked)!;
    const answer = (token: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/checkout/challenge',
        remoteAddress: '192.0.2.9',
        cookies: { palmares_checkout: cookie },
        body: { token },
      });
    // The sandbox's token means nothing where Turnstile is configured.
    expect((await answer(SANDBOX_CHALLENGE_TOKEN)).status).toBe(422);
    const token = turnstile.issueToken();
    expect((await answer(token)).status).toBe(200);
    expect(turnstile.requests.at(-1)).toEqual({
      secret: 'turnstile-secret',
      response: token,
      remoteip: '192.0.2.9',
    });
    // A token passes once; the pass it earned holds for the session.
    expect((await answer(token)).status).toBe(422);
    expect((await start(cookie)).status).toBe(200);

    // Turnstile out of reach: the voter is told to try again, nothing is passed.
    await turnstile.server.close();
    const down = await call(t.app, {
      method: 'POST',
      url: '/api/checkout/challenge',
      remoteAddress: '192.0.2.10',
      body: { token: 'any' },
    });
    expect(down.status).toBe(503);
    await turnstile.server.reopen();
  });
});
