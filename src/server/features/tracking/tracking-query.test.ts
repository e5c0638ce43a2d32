import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payments } from '#server/db/schema.js';
import { settle } from '#server/payments/settle.js';
import { trackingQuerySchema, type TrackingQueryInput } from '#shared/schemas/tracking.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createPendingPayment } from '#test/factories/payment-factory.js';
import { currentEdition } from '#test/factories/event-factory.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';
import { interpretSearch, toTrackingFilter } from './tracking-filter.js';
import { queryTracking, streamTrackingBatches } from './tracking-query.js';

const hashPhone = (phone: string) => `hash:${phone}`;

describeEachDatabase('voter tracking queries', (kind) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  let editionId: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    editionId = await currentEdition(db);
    const { nominations } = await createNominee(db);
    const votes = [{ nominationId: nominations[0]!.id, voteCount: 2 }];
    const make = async (
      name: string,
      provider: 'stripe' | 'campay',
      createdAt: string,
      extra: Partial<typeof payments.$inferInsert> = {},
    ) => {
      const p = await createPendingPayment(db, {
        provider,
        votes,
        payment: { createdAt: new Date(createdAt), ...extra },
      });
      ids[name] = p.id;
      return p;
    };
    // 23:30 UTC on the 21st is 00:30 WAT on the 22nd.
    const late = await make('lateNight', 'campay', '2026-11-21T23:30:00Z', {
      voterEmail: 'ama@example.com',
      phoneNumber: '237670000001',
      phoneHash: hashPhone('237670000001'),
      attemptedAt: new Date('2026-11-21T23:31:00Z'),
    });
    await settle(
      { db, outbox: null },
      late.id,
      { status: 'completed', amount: late.amount, currency: 'XAF' },
      'webhook',
    );
    const card = await make('card', 'stripe', '2026-11-21T12:00:00Z', {
      voterEmail: 'bob@example.com',
      attemptedAt: new Date(),
    });
    await settle(
      { db, outbox: null },
      card.id,
      { status: 'completed', amount: card.amount, currency: 'USD' },
      'webhook',
    );
    const declined = await make('declined', 'stripe', '2026-11-20T10:00:00Z', {
      attemptedAt: new Date(),
    });
    await settle(
      { db, outbox: null },
      declined.id,
      { status: 'failed', reason: 'card_declined' },
      'webhook',
    );
    await make('attempted', 'campay', '2026-11-22T08:00:00Z', {
      attemptedAt: new Date('2026-11-22T08:00:05Z'),
    });
    await make('abandoned', 'campay', '2026-11-22T09:00:00Z');
    for (let i = 0; i < 7; i++) await make(`bulk${i}`, 'campay', `2026-11-10T0${i}:00:00Z`);
  });
  afterAll(() => database.destroy());

  const run = (input: TrackingQueryInput) => {
    const query = trackingQuerySchema.parse(input);
    return queryTracking(database.db, toTrackingFilter(query, editionId), query, hashPhone);
  };

  it('summarises the whole set and pages newest first', async () => {
    const all = await run({ pageSize: '20' as unknown as number });
    expect(all.total).toBe(12);
    expect(all.recentPayments[0]!.id).toBe(ids.abandoned);
    expect(all.paymentMethodStats).toEqual([
      { provider: 'stripe', count: 1, totalAmount: 100 },
      { provider: 'campay', count: 1, totalAmount: 200 },
    ]);
    expect(all.stripeRevenue).toEqual({ revenue: 100, count: 1 });
    expect(all.campayRevenue).toEqual({ revenue: 200, count: 1 });
    expect({ attempted: all.attempted, abandoned: all.abandoned, failed: all.failed }).toEqual({
      attempted: 1,
      abandoned: 8,
      failed: 1,
    });
    const page2 = await run({ pageSize: 20, page: 2 });
    expect(page2.recentPayments).toEqual([]);
    expect(page2.total).toBe(12);
  });

  it('filters by provider, status and attempt, with summaries of the filtered set only', async () => {
    const stripe = await run({ provider: 'stripe' });
    expect(stripe.total).toBe(2);
    expect(stripe.campayRevenue).toEqual({ revenue: 0, count: 0 });
    const failed = await run({ status: 'failed' });
    expect(failed.recentPayments.map((p) => p.id)).toEqual([ids.declined]);
    expect(failed.failed).toBe(1);
    const attempted = await run({ attempt: 'attempted' });
    expect(attempted.recentPayments.map((p) => p.id)).toEqual([ids.attempted]);
    const abandoned = await run({ attempt: 'abandoned', provider: 'campay' });
    expect(abandoned.total).toBe(8);
    expect((await run({ provider: 'all', status: 'all', attempt: 'all' })).total).toBe(12);
  });

  it('reads dates as local days of the chosen zone', async () => {
    const wat = await run({ from: '2026-11-22', to: '2026-11-22', tz: 'Africa/Lagos' });
    expect(wat.recentPayments.map((p) => p.id).sort()).toEqual(
      [ids.lateNight, ids.attempted, ids.abandoned].sort(),
    );
    const utc = await run({ from: '2026-11-22', to: '2026-11-22', tz: 'UTC' });
    expect(utc.recentPayments.map((p) => p.id)).not.toContain(ids.lateNight);
    const pt = await run({ from: '2026-11-21', to: '2026-11-21', tz: 'America/Los_Angeles' });
    expect(pt.recentPayments.map((p) => p.id)).toContain(ids.lateNight);
    // Half-hour zones cannot use hourly stats; the direct count must agree with the rows.
    const india = await run({ from: '2026-11-22', to: '2026-11-22', tz: 'Asia/Kolkata' });
    expect(india.total).toBe(india.recentPayments.length);
  });

  it('finds a payment by id prefix, e-mail, phone in any form, or receipt code', async () => {
    const id = ids.lateNight!;
    const [row] = await database.db.select().from(payments).where(eq(payments.id, id));
    for (const search of [
      id.slice(0, 8),
      id.slice(0, 13),
      id,
      'AMA@example.com',
      '670000001',
      '+237 670 000 001',
      row!.receiptCode!,
    ]) {
      const found = await run({ search });
      expect(
        found.recentPayments.map((p) => p.id),
        search,
      ).toEqual([id]);
      expect(found.total, search).toBe(1);
    }
    expect((await run({ search: 'ama@' })).recentPayments.map((p) => p.id)).toEqual([id]);
    expect((await run({ search: '100%_' })).total).toBe(0);
  });

  it('streams every matching row in keyset batches, none twice', async () => {
    const query = trackingQuerySchema.parse({});
    const seen: string[] = [];
    const sizes: number[] = [];
    const filter = toTrackingFilter(query, editionId);
    for await (const batch of streamTrackingBatches(database.db, filter, hashPhone, 5)) {
      sizes.push(batch.length);
      seen.push(...batch.map((row) => row.id));
    }
    expect(sizes).toEqual([5, 5, 2]);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
  });
});

it('rejects unknown filter values and keys', () => {
  for (const bad of [
    { provider: 'paypal' },
    { status: 'settled' },
    { attempt: 'maybe' },
    { pageSize: '25' },
    { page: '0' },
    { from: '2026-13-01' },
    { tz: 'Mars/Olympus' },
    { from: '2026-11-22', to: '2026-11-01' },
    { sort: 'id' },
  ]) {
    expect(trackingQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  }
  expect(interpretSearch('237 6 70 00 00 01').phone).toBe('237670000001');
});
