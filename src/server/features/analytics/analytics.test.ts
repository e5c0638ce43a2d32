import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categoryRankingSchema,
  periodStatsSchema,
  statsSchema,
  timeseriesSchema,
  type Timeseries,
} from '#shared/schemas/analytics.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment, createPendingPayment } from '#test/factories/payment-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';
import { periodStart } from './period-start.js';

const HOUR = 3_600_000;
const TZ = 'Africa/Lagos';

describe('period boundaries in the event time zone', () => {
  const at = (iso: string) => new Date(iso);
  it('starts today at local midnight and the month on the 1st (WAT, UTC+1)', () => {
    const now = at('2025-03-15T10:30:00Z');
    expect(periodStart('today', now, TZ)?.toISOString()).toBe('2025-03-14T23:00:00.000Z');
    expect(periodStart('month', now, TZ)?.toISOString()).toBe('2025-02-28T23:00:00.000Z');
    expect(periodStart('week', now, TZ)?.toISOString()).toBe('2025-03-08T10:30:00.000Z');
    expect(periodStart('all', now, TZ)).toBeNull();
    // 23:30 UTC is already the next day in Lagos.
    expect(periodStart('today', at('2025-03-31T23:30:00Z'), TZ)?.toISOString()).toBe(
      '2025-03-31T23:00:00.000Z',
    );
    expect(periodStart('month', at('2025-03-31T23:30:00Z'), TZ)?.toISOString()).toBe(
      '2025-03-31T23:00:00.000Z',
    );
  });

  it('follows daylight saving and half-hour zones', () => {
    const la = 'America/Los_Angeles';
    // DST began at 02:00 local on 9 March 2025: midnight that day was still PST (UTC-8).
    expect(periodStart('today', at('2025-03-09T20:00:00Z'), la)?.toISOString()).toBe(
      '2025-03-09T08:00:00.000Z',
    );
    expect(periodStart('today', at('2025-03-10T20:00:00Z'), la)?.toISOString()).toBe(
      '2025-03-10T07:00:00.000Z',
    );
    expect(periodStart('today', at('2025-03-10T20:00:00Z'), 'Asia/Kolkata')?.toISOString()).toBe(
      '2025-03-10T18:30:00.000Z',
    );
  });
});

describeEachDatabase('admin analytics', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const get = async (url: string) => {
    const response = await call(t.app, { url, headers });
    expect(response.status, url).toBe(200);
    return response.body as unknown;
  };
  const now = new Date();
  const todayStart = periodStart('today', now, TZ)!;
  const monthStart = periodStart('month', now, TZ)!;
  let ids: { popular: string; quiet: string; hidden: string; category: string; empty: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { EVENT_TIMEZONE: TZ });
    headers = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
    const db = t.app.ctx.db;
    const category = await createCategory(db, { name: 'Album of the Year' });
    const empty = await createCategory(db, { name: 'Zz Empty' });
    const popular = (
      await createNominee(db, { categoryIds: [category.id], artist: { name: 'Popular' } })
    ).nominations[0]!;
    const quiet = (
      await createNominee(db, { categoryIds: [category.id], artist: { name: 'Quiet' } })
    ).nominations[0]!;
    const hidden = await createNominee(db, {
      categoryIds: [category.id],
      artist: { name: 'Hidden', isActive: false },
    });
    ids = {
      popular: popular.id,
      quiet: quiet.id,
      hidden: hidden.nominations[0]!.id,
      category: category.id,
      empty: empty.id,
    };

    const vote = (
      nominationId: string,
      voteCount: number,
      provider: 'stripe' | 'campay',
      at: Date,
    ) => createCompletedPayment(db, { provider, votes: [{ nominationId, voteCount }], at });
    // Today (after local midnight).
    await vote(
      popular.id,
      5,
      'campay',
      new Date(Math.min(now.getTime(), todayStart.getTime() + 60_000)),
    );
    await vote(
      quiet.id,
      2,
      'stripe',
      new Date(Math.min(now.getTime(), todayStart.getTime() + 60_000)),
    );
    // Three days ago: in the week, and in the month only when the month started before it.
    await vote(quiet.id, 10, 'campay', new Date(now.getTime() - 72 * HOUR));
    // Forty days ago: only all time.
    await vote(popular.id, 20, 'stripe', new Date(now.getTime() - 40 * 24 * HOUR));
    // A hidden artist's votes still count in provider totals.
    await vote(hidden.nominations[0]!.id, 1, 'campay', new Date(now.getTime() - 72 * HOUR));
    // Pending payments never count.
    await createPendingPayment(db, {
      provider: 'campay',
      votes: [{ nominationId: popular.id, voteCount: 50 }],
    });
  });
  afterAll(() => t.close());

  it('totals everything on the dashboard cards', async () => {
    const stats = statsSchema.parse(await get('/api/stats'));
    expect(stats).toEqual({
      totalArtists: 2,
      totalCategories: 2,
      totalVotes: 38,
      stripe: { votes: 22, revenue: 22 * 50, payments: 2 },
      campay: { votes: 16, revenue: 16 * 100, payments: 3 },
    });
  });

  it('sums each period from the hourly tallies', async () => {
    const today = periodStatsSchema.parse(await get('/api/stats/period/today'));
    expect(today.from).toBe(todayStart.toISOString());
    expect(today.campay).toEqual({ votes: 5, revenue: 500, payments: 1 });
    expect(today.stripe).toEqual({ votes: 2, revenue: 100, payments: 1 });

    const week = periodStatsSchema.parse(await get('/api/stats/period/week'));
    expect(week.campay).toEqual({ votes: 16, revenue: 1600, payments: 3 });
    expect(week.stripe.votes).toBe(2);

    const threeDaysAgo = now.getTime() - 72 * HOUR;
    const month = periodStatsSchema.parse(await get('/api/stats/period/month'));
    expect(month.from).toBe(monthStart.toISOString());
    expect(month.campay.votes).toBe(threeDaysAgo >= monthStart.getTime() ? 16 : 5);
    expect(month.stripe.votes).toBe(2);

    const all = periodStatsSchema.parse(await get('/api/stats/period/all'));
    expect(all.from).toBeNull();
    expect(all.stripe.votes + all.campay.votes).toBe(38);

    const bad = await call(t.app, { url: '/api/stats/period/year', headers });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Period must be today, week, month or all');
  });

  it("ranks each visible category's nominees by votes in the period", async () => {
    const all = categoryRankingSchema
      .array()
      .parse(await get('/api/analytics/category-rankings/all'));
    const album = all.find((r) => r.categoryId === ids.category)!;
    expect(album.artists.map((a) => [a.artistName, a.voteCount])).toEqual([
      ['Popular', 25],
      ['Quiet', 12],
    ]);
    expect(album.totalVotes).toBe(37);
    expect(all.find((r) => r.categoryId === ids.empty)).toMatchObject({
      totalVotes: 0,
      artists: [],
    });

    const today = categoryRankingSchema
      .array()
      .parse(await get('/api/analytics/category-rankings/today'));
    expect(
      today
        .find((r) => r.categoryId === ids.category)!
        .artists.map((a) => [a.artistName, a.voteCount]),
    ).toEqual([
      ['Popular', 5],
      ['Quiet', 2],
    ]);
    const week = categoryRankingSchema
      .array()
      .parse(await get('/api/analytics/category-rankings/week'));
    expect(week.find((r) => r.categoryId === ids.category)!.artists[0]).toMatchObject({
      artistName: 'Quiet',
      voteCount: 12,
    });
  });

  it('charts votes and revenue per provider over time', async () => {
    const today = timeseriesSchema.parse(await get('/api/analytics/timeseries/today'));
    expect(today.granularity).toBe('hour');
    expect(today.points[0]!.start).toBe(todayStart.toISOString());
    // One bucket per hour since midnight (one more if the hour turned during the test).
    const hours = Math.floor((now.getTime() - todayStart.getTime()) / HOUR) + 1;
    expect(today.points.length - hours).toBeGreaterThanOrEqual(0);
    expect(today.points.length - hours).toBeLessThanOrEqual(1);
    const sum = (points: typeof today.points, provider: 'stripe' | 'campay') =>
      points.reduce((s, p) => s + p[provider].votes, 0);
    expect(sum(today.points, 'campay')).toBe(5);

    const week = timeseriesSchema.parse(await get('/api/analytics/timeseries/week'));
    expect(week.granularity).toBe('day');
    expect(week.points).toHaveLength(8);
    expect(sum(week.points, 'campay')).toBe(16);

    const all = timeseriesSchema.parse(await get('/api/analytics/timeseries/all'));
    expect(sum(all.points, 'stripe')).toBe(22);
    expect(sum(all.points, 'campay')).toBe(16);
    expect(all.points.length).toBeGreaterThanOrEqual(40);
    // Buckets are consecutive local days.
    for (let i = 1; i < all.points.length; i++) {
      const gap = Date.parse(all.points[i]!.start) - Date.parse(all.points[i - 1]!.start);
      expect(gap).toBe(24 * HOUR);
    }
  });
});

describeEachDatabase('admin analytics per edition', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let past: string;
  const get = async (url: string) => {
    const response = await call(t.app, { url, headers });
    expect(response.status, url).toBe(200);
    return response.body as unknown;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { EVENT_TIMEZONE: TZ });
    headers = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
    const db = t.app.ctx.db;
    const edition = await createEdition(db, { slug: 'past-2025', timezone: 'UTC' });
    past = edition.slug;
    // One artist nominated in both editions: counted once in each.
    const current = await createCategory(db, { name: 'Now' });
    const old = await createCategory(db, { name: 'Then', editionId: edition.id });
    const both = await createNominee(db, {
      categoryIds: [current.id, old.id],
      artist: { name: 'Both' },
    });
    const onlyOld = await createNominee(db, { categoryIds: [old.id], artist: { name: 'Old' } });
    const [nowNomination, thenNomination] = both.nominations;
    await createCompletedPayment(db, {
      provider: 'campay',
      votes: [{ nominationId: nowNomination!.id, voteCount: 3 }],
    });
    await createCompletedPayment(db, {
      provider: 'stripe',
      votes: [{ nominationId: nowNomination!.id, voteCount: 1 }],
    });
    // The past edition's payments, at its own prices.
    await createCompletedPayment(db, {
      provider: 'campay',
      votes: [{ nominationId: thenNomination!.id, voteCount: 7 }],
      payment: { editionId: edition.id, unitPrice: 150 },
    });
    await createCompletedPayment(db, {
      provider: 'stripe',
      votes: [{ nominationId: onlyOld.nominations[0]!.id, voteCount: 2 }],
      payment: { editionId: edition.id, unitPrice: 75 },
    });
  });
  afterAll(() => t.close());

  it('totals each edition on its own dashboard cards', async () => {
    expect(statsSchema.parse(await get('/api/stats'))).toEqual({
      totalArtists: 1,
      totalCategories: 1,
      totalVotes: 4,
      stripe: { votes: 1, revenue: 50, payments: 1 },
      campay: { votes: 3, revenue: 300, payments: 1 },
    });
    expect(statsSchema.parse(await get(`/api/stats?edition=${past}`))).toEqual({
      totalArtists: 2,
      totalCategories: 1,
      totalVotes: 9,
      stripe: { votes: 2, revenue: 150, payments: 1 },
      campay: { votes: 7, revenue: 1050, payments: 1 },
    });
  });

  it("sums each edition's periods in its own time zone", async () => {
    const today = periodStatsSchema.parse(await get(`/api/stats/period/today?edition=${past}`));
    expect(today.from).toBe(periodStart('today', new Date(), 'UTC')!.toISOString());
    expect(today.campay).toEqual({ votes: 7, revenue: 1050, payments: 1 });
    expect(today.stripe).toEqual({ votes: 2, revenue: 150, payments: 1 });
    const all = periodStatsSchema.parse(await get('/api/stats/period/all'));
    expect(all.campay).toEqual({ votes: 3, revenue: 300, payments: 1 });
    expect(all.stripe).toEqual({ votes: 1, revenue: 50, payments: 1 });
  });

  it("ranks each edition's own categories", async () => {
    for (const period of ['all', 'today'] as const) {
      const current = categoryRankingSchema
        .array()
        .parse(await get(`/api/analytics/category-rankings/${period}`));
      expect(
        current.map((r) => [r.categoryName, r.artists.map((a) => [a.artistName, a.voteCount])]),
      ).toEqual([['Now', [['Both', 4]]]]);
      const old = categoryRankingSchema
        .array()
        .parse(await get(`/api/analytics/category-rankings/${period}?edition=${past}`));
      expect(
        old.map((r) => [r.categoryName, r.artists.map((a) => [a.artistName, a.voteCount])]),
      ).toEqual([
        [
          'Then',
          [
            ['Both', 7],
            ['Old', 2],
          ],
        ],
      ]);
    }
  });

  it("charts each edition's own votes", async () => {
    const sum = (series: Timeseries, provider: 'stripe' | 'campay') =>
      series.points.reduce((s, p) => s + p[provider].revenue, 0);
    const current = timeseriesSchema.parse(await get('/api/analytics/timeseries/all'));
    expect([sum(current, 'campay'), sum(current, 'stripe')]).toEqual([300, 50]);
    const old = timeseriesSchema.parse(await get(`/api/analytics/timeseries/week?edition=${past}`));
    expect(old.timeZone).toBe('UTC');
    expect([sum(old, 'campay'), sum(old, 'stripe')]).toEqual([1050, 150]);
  });

  it('answers 404 for an unknown edition and 400 for a malformed one', async () => {
    for (const url of [
      '/api/stats',
      '/api/stats/period/all',
      '/api/analytics/category-rankings/week',
      '/api/analytics/timeseries/today',
    ]) {
      const unknown = await call(t.app, { url: `${url}?edition=1999`, headers });
      expect(unknown.status, url).toBe(404);
      expect(unknown.body.message).toBe('No such edition.');
      const malformed = await call(t.app, { url: `${url}?edition=Not_A_Slug`, headers });
      expect(malformed.status, url).toBe(400);
    }
  });
});
