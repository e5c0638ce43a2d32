import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { auditLog, paymentVotes } from '#server/db/schema.js';
import type { PublicEvent, Results } from '#shared/schemas/event.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import {
  currentEdition,
  inDatabaseTime,
  resetEvent,
  setEvent,
} from '#test/factories/event-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { nomineeWith, paymentRow, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { votingStatus } from './voting-window.js';

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: 'Cameroon Music Awards',
  nameFr: 'Trophées de la musique du Cameroun',
  timezone: 'Africa/Douala',
  votingOpensAt: '2026-12-01T08:00:00.000Z',
  votingClosesAt: '2026-12-20T20:00:00.000Z',
  resultsVisibility: 'live',
  hideCountsHoursBeforeClose: 24,
  ...overrides,
});

const mobileMoneyBody = (nominee: { nominations: { id: string }[] }) => ({
  phoneNumber: '677123456',
  voterEmail: 'fan@example.com',
  nominationVotes: split(nominee, [2]),
  totalVotes: 2,
  deviceInfo: { deviceTimestamp: new Date().toISOString(), userAgent: 'vitest' },
});

describeEachDatabase('the event', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind, { SANDBOX_SETTLE_DELAY_MS: '600000' });
    admin = (await signedInUser(t.database.db, { isAdmin: true })).headers;
  });
  afterEach(async () => {
    await resetEvent(t.database.db);
    t.app.ctx.events.emit('event-changed');
  });
  afterAll(() => t.close());

  const getEvent = async () =>
    (await call<PublicEvent>(t.app, { method: 'GET', url: '/api/event' })).body;

  it('starts with no bounds: open, counts visible, in the configured time zone', async () => {
    const before = Date.now();
    const answer = await getEvent();
    expect(answer).toMatchObject({
      status: 'open',
      countsVisible: true,
      votingOpensAt: null,
      votingClosesAt: null,
      resultsVisibility: 'live',
      resultsPublishedAt: null,
      timezone: t.app.ctx.config.eventTimezone,
    });
    // The database's clock, which on this machine is ours give or take a round trip.
    expect(Math.abs(Date.parse(answer.serverTime) - before)).toBeLessThan(5000);
  });

  it('takes the organiser’s settings, records who changed what, and answers the new state', async () => {
    const res = await call<PublicEvent>(t.app, {
      method: 'PUT',
      url: '/api/admin/event',
      headers: admin,
      body: settings(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...settings(), status: expect.any(String) });
    expect(await getEvent()).toMatchObject(settings());
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'event.update'))
      .orderBy(sql`${auditLog.id} DESC`)
      .limit(1);
    expect(entry).toMatchObject({
      entityType: 'event',
      before: expect.objectContaining({ votingClosesAt: null }),
      after: expect.objectContaining({ votingClosesAt: '2026-12-20T20:00:00.000Z' }),
    });
    expect(entry!.actorEmail).toMatch(/@/);
  });

  it.each([
    [
      'a close before the opening',
      { votingClosesAt: '2026-11-30T08:00:00Z' },
      /close after it opens/,
    ],
    ['a close at the opening', { votingClosesAt: '2026-12-01T08:00:00Z' }, /close after it opens/],
    ['an unknown time zone', { timezone: 'Africa/Atlantis' }, /known time zone/],
    ['hours below 1', { hideCountsHoursBeforeClose: 0 }, /at least 1/],
    ['hours above a month', { hideCountsHoursBeforeClose: 721 }, /at most 720/],
    ['fractional hours', { hideCountsHoursBeforeClose: 1.5 }, /whole number/],
    ['hidden hours without a close', { votingClosesAt: null }, /closing time/],
    ['an empty name', { name: '  ' }, /Event name is required/],
    ['a date that is not one', { votingOpensAt: 'tomorrow' }, /Voting opens must be a date/],
    [
      'an unknown visibility',
      { resultsVisibility: 'secret' },
      /Results visibility must be live or hidden/,
    ],
    ['an unknown field', { votingOpenAt: null }, /votingOpenAt|Unrecognized/],
  ])('refuses %s with a clear 400 and changes nothing', async (_name, change, message) => {
    const before = await getEvent();
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/event',
      headers: admin,
      body: settings(change),
    });
    expect(res.status).toBe(400);
    expect(String(res.body.message)).toMatch(message);
    const { serverTime: _a, ...now } = await getEvent();
    const { serverTime: _b, ...then } = before;
    expect(now).toEqual(then);
  });

  it('keeps the settings and the publication for admins', async () => {
    const voter = (await signedInUser(t.database.db)).headers;
    for (const [method, url] of [
      ['PUT', '/api/admin/event'],
      ['POST', '/api/admin/event/publish-results'],
      ['POST', '/api/admin/event/close-voting'],
    ] as const) {
      expect((await call(t.app, { method, url, body: settings() })).status).toBe(401);
      expect((await call(t.app, { method, url, headers: voter, body: settings() })).status).toBe(
        403,
      );
    }
    expect((await getEvent()).resultsPublishedAt).toBeNull();
  });

  it('draws the window’s edges on the database’s clock: open at the opening, closed at the close', async () => {
    // Inside one transaction now() stands still, so the edges can be set exactly on it.
    const statuses = await t.database.db
      .transaction(async (tx) => {
        const seen: string[] = [];
        const at = async (change: Parameters<typeof setEvent>[1]) => {
          await setEvent(tx, change);
          seen.push(await votingStatus(tx, await currentEdition(tx)));
        };
        await at({ votingOpensAt: sql`now()`, votingClosesAt: null });
        await at({ votingOpensAt: sql`now() + interval '1 millisecond'` });
        await at({ votingOpensAt: null, votingClosesAt: sql`now()` });
        await at({ votingClosesAt: sql`now() + interval '1 millisecond'` });
        await at({ votingClosesAt: sql`now() - interval '1 millisecond'` });
        throw new RolledBack(seen);
      })
      .catch((error: unknown) => (error instanceof RolledBack ? error.seen : []));
    expect(statuses).toEqual(['open', 'upcoming', 'closed', 'open', 'closed']);
  });

  it('says when the status or the counts’ visibility next changes by the clock, on this instance’s clock', async () => {
    await setEvent(t.database.db, {
      votingOpensAt: inDatabaseTime('1 hour'),
      votingClosesAt: inDatabaseTime('30 hours'),
      hideCountsHoursBeforeClose: 24,
    });
    t.app.ctx.events.emit('event-changed');
    const event = await getEvent();
    const opens = Date.parse(event.votingOpensAt!);
    const closes = Date.parse(event.votingClosesAt!);
    const { event: cache } = t.app.ctx;
    // On this machine the database's clock is ours give or take a round trip, measured again at
    // each read here (CATALOG_CACHE_MS=0).
    const near = (edge: number | null, expected: number) =>
      expect(Math.abs(edge! - expected)).toBeLessThan(1000);
    const opening = await cache.nextChangeAfter(Date.now());
    near(opening, opens);
    const countsHidden = await cache.nextChangeAfter(opens + 1000);
    near(countsHidden, closes - 24 * 3_600_000);
    const closing = await cache.nextChangeAfter(closes - 24 * 3_600_000 + 1000);
    near(closing, closes);
    expect(await cache.nextChangeAfter(closes + 1000)).toBeNull();

    await setEvent(t.database.db, { resultsPublishedAt: sql`now()` });
    t.app.ctx.events.emit('event-changed');
    expect(await cache.nextChangeAfter(Date.now())).toBeNull();
  });

  it.each([
    [
      'before the opening',
      { votingOpensAt: inDatabaseTime('1 hour') },
      'Voting has not opened yet',
      "Le vote n'est pas encore ouvert",
    ],
    [
      'after the close',
      { votingClosesAt: inDatabaseTime('-1 second') },
      'Voting has closed',
      'Le vote est clos',
    ],
  ])(
    'refuses new payments %s with a 409 in the site’s language, and records none',
    async (_name, window, en, fr) => {
      const nominee = await nomineeWith(t.database.db, 1);
      await setEvent(t.database.db, window);
      for (const [language, message] of [
        ['en', en],
        ['fr', fr],
      ] as const) {
        const mobile = await call(t.app, {
          method: 'POST',
          url: '/api/campay-payment',
          headers: { 'accept-language': language },
          body: mobileMoneyBody(nominee),
        });
        expect(mobile.status).toBe(409);
        expect(mobile.body.message).toBe(message);
        const card = await call(t.app, {
          method: 'POST',
          url: '/api/create-payment-intent-multi',
          headers: { 'accept-language': language },
          body: { ...mobileMoneyBody(nominee), phoneNumber: undefined },
        });
        expect(card.status).toBe(409);
        expect(card.body.message).toBe(message);
      }
      const stored = await t.database.db
        .select()
        .from(paymentVotes)
        .where(eq(paymentVotes.nominationId, nominee.nominations[0]!.id));
      expect(stored).toEqual([]);
    },
  );

  it('does not spend a phone’s share of payment prompts on requests refused outside the window', async () => {
    const nominee = await nomineeWith(t.database.db, 1);
    const body = { ...mobileMoneyBody(nominee), phoneNumber: '677998877' };
    await setEvent(t.database.db, { votingClosesAt: inDatabaseTime('-1 second') });
    // More refusals than the phone's hourly share (RATE_LIMIT_PROMPTS_PER_PHONE_PER_HOUR, 10).
    for (let i = 0; i < 11; i++) {
      const refused = await call(t.app, { method: 'POST', url: '/api/campay-payment', body });
      expect(refused.status).toBe(409);
    }
    await resetEvent(t.database.db);
    const accepted = await call(t.app, { method: 'POST', url: '/api/campay-payment', body });
    expect(accepted.status).toBe(200);
  });

  it('counts a payment made before the close whenever its outcome arrives; its split is frozen at the close', async () => {
    const nominee = await nomineeWith(t.database.db, 2);
    const card = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: { ...mobileMoneyBody(nominee), phoneNumber: undefined },
    });
    expect(card.status).toBe(200);
    const paymentId = String(card.body.paymentId);
    await setEvent(t.database.db, { votingClosesAt: inDatabaseTime('-1 second') });

    const change = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: {
        ...mobileMoneyBody(nominee),
        phoneNumber: undefined,
        nominationVotes: split(nominee, [1, 3]),
        totalVotes: 4,
        paymentId,
      },
    });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe('Voting has closed');
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({ totalVotes: 2 });

    const confirmed = await call(t.app, {
      method: 'POST',
      url: '/api/sandbox/card-confirm',
      body: { paymentId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(confirmed.status).toBe(200);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({ status: 'completed' });
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('ranks published results by votes, ties sharing a rank, and publishes once', async () => {
    const category = await createCategory(t.database.db, { name: `Ranked ${kind}` });
    const names = ['Ayo', 'Bebe', 'Coco', 'Dora'];
    const nominees = [];
    for (const name of names) {
      nominees.push(
        await createNominee(t.database.db, { categoryIds: [category.id], artist: { name } }),
      );
    }
    for (const [i, votes] of [5, 9, 5, 1].entries()) {
      await createCompletedPayment(t.database.db, {
        votes: [{ nominationId: nominees[i]!.nominations[0]!.id, voteCount: votes }],
      });
    }
    const before = await call<Results>(t.app, { method: 'GET', url: '/api/results' });
    expect(before.body).toEqual({ published: false });

    const publish = () =>
      call<PublicEvent>(t.app, {
        method: 'POST',
        url: '/api/admin/event/publish-results',
        headers: admin,
      });
    const published = await publish();
    expect(published.status).toBe(200);
    expect(published.body.resultsPublishedAt).not.toBeNull();
    expect((await publish()).status).toBe(409);

    const after = await call<Results>(t.app, { method: 'GET', url: '/api/results' });
    expect(after.status).toBe(200);
    if (!after.body.published) throw new Error('results not published');
    const ranked = after.body.categories.find((c) => c.categoryId === category.id)!;
    expect(ranked.nominees.map((n) => [n.artistName, n.voteCount, n.rank])).toEqual([
      ['Bebe', 9, 1],
      ['Ayo', 5, 2],
      ['Coco', 5, 2],
      ['Dora', 1, 4],
    ]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'event.publish-results'));
    expect(rows).toHaveLength(1);
  });

  it('ends voting with the publication: no new payment starts, and later credits are listed apart', async () => {
    const category = await createCategory(t.database.db, { name: `Published while open ${kind}` });
    const nominee = await createNominee(t.database.db, { categoryIds: [category.id] });
    const nominationId = nominee.nominations[0]!.id;
    await createCompletedPayment(t.database.db, { votes: [{ nominationId, voteCount: 5 }] });
    const cardBody = {
      ...mobileMoneyBody(nominee),
      phoneNumber: undefined,
      nominationVotes: [{ nominationId, voteCount: 2 }],
    };
    const started = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: cardBody,
    });
    expect(started.status).toBe(200);

    const published = await call<PublicEvent>(t.app, {
      method: 'POST',
      url: '/api/admin/event/publish-results',
      headers: admin,
    });
    expect(published.body).toMatchObject({ status: 'closed', votingClosesAt: null });
    expect(await votingStatus(t.database.db, await currentEdition(t.database.db))).toBe('closed');
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: cardBody,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Voting has closed');

    // The payment started before publication still goes through, after it.
    const confirmed = await call(t.app, {
      method: 'POST',
      url: '/api/sandbox/card-confirm',
      body: {
        paymentId: String(started.body.paymentId),
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
      },
    });
    expect(confirmed.status).toBe(200);
    const results = await call<Results>(t.app, { method: 'GET', url: '/api/results' });
    if (!results.body.published) throw new Error('results not published');
    const [row] = results.body.categories.find((c) => c.categoryId === category.id)!.nominees;
    expect(row).toMatchObject({ voteCount: 5, changeSincePublication: 2 });
  });

  it('closes voting now on the organiser’s word, once, recorded as a change of the settings', async () => {
    await setEvent(t.database.db, { votingClosesAt: inDatabaseTime('29 days') });
    t.app.ctx.events.emit('event-changed');
    const close = () =>
      call<PublicEvent>(t.app, {
        method: 'POST',
        url: '/api/admin/event/close-voting',
        headers: admin,
      });
    const closed = await close();
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect(Date.parse(closed.body.votingClosesAt!)).toBeLessThanOrEqual(Date.now() + 5000);
    expect(await votingStatus(t.database.db, await currentEdition(t.database.db))).toBe('closed');
    expect((await close()).status).toBe(409);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'event.update'))
      .orderBy(sql`${auditLog.id} DESC`)
      .limit(1);
    expect(entry?.after).toMatchObject({ votingClosesAt: closed.body.votingClosesAt });
  });
});

/** Carries what a transaction saw out of it while making sure it rolls back. */
class RolledBack extends Error {
  constructor(readonly seen: string[]) {
    super('rolled back on purpose');
  }
}
