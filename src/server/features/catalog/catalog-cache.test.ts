import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppEvents } from '#server/events/app-events.js';
import { TallyBoard } from '#server/events/tally-board.js';
import { settle } from '#server/payments/settle.js';
import { createPendingPayment } from '#test/factories/payment-factory.js';
import { call } from '#test/support/call-app.js';
import { nomineeWith, split } from '#test/support/payment-test-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';

describe('TallyBoard', () => {
  it('takes only counts newer than the one it holds, whatever order they arrive in', () => {
    const events = new AppEvents();
    const board = new TallyBoard(events);
    const taken: number[] = [];
    board.on('changed', (tallies) => taken.push(...tallies.map((t) => t.voteCount)));
    events.emit('votes-counted', { tallies: [{ id: 'a', voteCount: 5, seq: 2 }] });
    events.emit('votes-counted', { tallies: [{ id: 'a', voteCount: 3, seq: 1 }] });
    events.emit('votes-counted', { tallies: [{ id: 'a', voteCount: 5, seq: 2 }] });
    events.emit('votes-counted', { tallies: [{ id: 'a', voteCount: 4, seq: 3 }] });
    expect(taken).toEqual([5, 4]);
    expect(board.newerThan('a', 2)?.voteCount).toBe(4);
    expect(board.newerThan('a', 3)).toBeUndefined();
  });
});

describe('the catalogue and settled votes', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A snapshot that would serve for a minute: only the announced counts can change it sooner.
    t = await createTestApp('pglite', { CATALOG_CACHE_MS: '60000' });
  });
  afterAll(() => t.close());

  it("shows a settled payment's votes at once, without reloading the snapshot", async () => {
    const nominee = await nomineeWith(t.database.db, 1);
    const categoryId = nominee.nominations[0]!.categoryId;
    const url = `/api/nominations/category/${categoryId}`;
    const before = await call<Array<{ voteCount: number }>>(t.app, { url });
    expect(before.body[0]!.voteCount).toBe(0);
    const snapshotBefore = await t.app.ctx.catalog.get();

    const payment = await createPendingPayment(t.database.db, { votes: split(nominee, [6]) });
    await settle(
      t.app.ctx,
      payment.id,
      { status: 'completed', amount: payment.amount, currency: payment.currency },
      'seed',
    );
    await expect
      .poll(
        async () => (await call<Array<{ voteCount: number }>>(t.app, { url })).body[0]!.voteCount,
        {
          timeout: 1000,
        },
      )
      .toBe(6);
    const categories = await call<Array<{ id: string; voteCount: number }>>(t.app, {
      url: '/api/categories',
    });
    expect(categories.body.find((c) => c.id === categoryId)?.voteCount).toBe(6);
    const artist = await call<{ totalVotes: number; trendingVotes: number }>(t.app, {
      url: `/api/artists/${nominee.artist.id}`,
    });
    expect(artist.body).toMatchObject({ totalVotes: 6, trendingVotes: 6 });
    // Same rows, counts folded in: the snapshot was rebuilt in memory, not read again.
    const snapshotAfter = await t.app.ctx.catalog.get();
    expect(snapshotAfter).not.toBe(snapshotBefore);
    expect(snapshotAfter.categoryById.get(categoryId)?.name).toBe(
      snapshotBefore.categoryById.get(categoryId)?.name,
    );
  });
});
