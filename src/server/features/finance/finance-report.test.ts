import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#server/db/schema.js';
import { disputeStanding } from '#server/payments/counted-votes.js';
import { formatZoned } from '#server/time/zoned-time.js';
import { CURRENCIES, type Provider } from '#shared/money.js';
import {
  FINANCE_CSV_COLUMNS,
  financeReportSchema,
  type FinanceFigures,
  type FinanceReport,
} from '#shared/schemas/finance.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { createOutboxMessages } from '#test/factories/outbox-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { setEvent } from '#test/factories/event-factory.js';
import {
  createCompletedPayment,
  createNeedsReviewPayment,
  createPendingPayment,
  revisePaymentAs,
  settlePayment,
} from '#test/factories/payment-factory.js';
import { twoEditionsWithPayments } from '#test/support/two-editions.js';
import { estimateFee } from './fee-estimate.js';
import { mainUnits } from './finance-csv.js';

// The organiser's zone (UTC+1) differs from the configured default, so the days prove which one
// the report follows.
const EVENT_ZONE = 'Africa/Douala';
const RATES = {
  stripe: { basisPoints: 290, fixed: 30 },
  campay: { basisPoints: 250, fixed: 5 },
};
const ENV = {
  EVENT_TIMEZONE: 'UTC',
  STRIPE_FEE_ESTIMATE_BASIS_POINTS: '290',
  STRIPE_FEE_ESTIMATE_FIXED: '30',
  CAMPAY_FEE_ESTIMATE_BASIS_POINTS: '250',
  CAMPAY_FEE_ESTIMATE_FIXED: '5',
};

describe('fee estimates', () => {
  it('round each payment half up to a whole minor unit, then add the fixed part', () => {
    expect(estimateFee(100, RATES.stripe)).toBe(33); // 2.9 cents → 3, + 30
    expect(estimateFee(300, RATES.stripe)).toBe(39); // 8.7 → 9
    expect(estimateFee(500, RATES.campay)).toBe(18); // 12.5 → 13, + 5
    expect(estimateFee(100, { basisPoints: 150, fixed: 0 })).toBe(2); // 1.5 → 2
    expect(estimateFee(100, { basisPoints: 149, fixed: 0 })).toBe(1);
    expect(estimateFee(0, RATES.stripe)).toBe(30);
  });

  it('writes amounts in the main unit, negative ones included', () => {
    expect(mainUnits(1234, 'USD')).toBe('12.34');
    expect(mainUnits(5, 'USD')).toBe('0.05');
    expect(mainUnits(-18, 'USD')).toBe('-0.18');
    expect(mainUnits(-1500, 'XAF')).toBe('-1500');
  });
});

describeEachDatabase('finance report', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let voter: Record<string, string>;
  const at = (iso: string) => new Date(iso);
  const todayInZone = () => formatZoned(new Date(), EVENT_ZONE).slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp(kind, ENV);
    const db = t.app.ctx.db;
    await setEvent(db, { timezone: EVENT_ZONE });
    admin = (await signedInUser(db, { isAdmin: true })).headers;
    voter = (await signedInUser(db)).headers;
    const category = await createCategory(db, { name: 'Album of the Year' });
    const { nominations } = await createNominee(db, { categoryIds: [category.id] });
    const nominationId = nominations[0]!.id;
    const votes = (voteCount: number) => [{ nominationId, voteCount }];
    const paid = (
      provider: Provider,
      voteCount: number,
      when: string,
      payment: Partial<typeof payments.$inferInsert> = {},
    ) => createCompletedPayment(db, { provider, votes: votes(voteCount), at: at(when), payment });

    // 10 March in Douala: A (fee reported), B (estimated, 23:59 local), G (Campay, reported).
    await paid('stripe', 4, '2025-03-10T10:00:00Z', { providerFee: 36 });
    await paid('stripe', 2, '2025-03-10T22:59:00Z');
    await paid('campay', 3, '2025-03-10T12:00:00Z', { providerFee: 6 });
    // 11 March in Douala, from its first minute (23:00 UTC the day before).
    const c = await paid('stripe', 6, '2025-03-10T23:00:00Z');
    await revisePaymentAs(db, c.id, { kind: 'refund', refundedAmount: 100 });
    const d = await paid('stripe', 2, '2025-03-11T12:00:00Z', { providerFee: 33 });
    await revisePaymentAs(db, d.id, { kind: 'dispute', disputeId: 'dp_lost', status: 'lost' });
    const e = await paid('stripe', 2, '2025-03-11T12:00:00Z');
    await revisePaymentAs(db, e.id, { kind: 'dispute', disputeId: 'dp_won', status: 'won' });
    const f = await paid('stripe', 4, '2025-03-11T13:00:00Z');
    await revisePaymentAs(db, f.id, { kind: 'refund', refundedAmount: 50 });
    await revisePaymentAs(db, f.id, {
      kind: 'dispute',
      disputeId: 'dp_open',
      status: 'needs_response',
    });
    const h = await paid('campay', 5, '2025-03-11T09:00:00Z');
    await revisePaymentAs(db, h.id, { kind: 'refund', refundedAmount: 500 });
    await createNeedsReviewPayment(db, {
      provider: 'campay',
      votes: votes(2),
      at: at('2025-03-11T10:00:00Z'),
    });
    await paid('campay', 1, '2025-03-11T11:00:00Z', { providerRef: 'sandbox_mm_m' });
    await paid('stripe', 2, '2025-03-11T11:00:00Z', { providerRef: 'sandbox_pi_n' });
    // Never took money: left out.
    await createPendingPayment(db, { provider: 'campay', votes: votes(7) });
    const failed = await createPendingPayment(db, { provider: 'stripe', votes: votes(9) });
    await settlePayment(db, failed.id, { status: 'failed', reason: 'card_declined' });
    // Today, for the periods.
    await paid('campay', 1, new Date().toISOString(), { providerFee: 2 });
  });
  afterAll(async () => t?.close());

  const report = async (period: string) => {
    const response = await call(t.app, {
      url: `/api/admin/finance?period=${period}`,
      headers: admin,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return financeReportSchema.parse(response.body);
  };
  const figures = (partial: Partial<FinanceFigures>): FinanceFigures => ({
    payments: 0,
    gross: 0,
    fees: 0,
    estimatedFees: 0,
    estimatedFeePayments: 0,
    refunds: 0,
    disputesHeld: 0,
    disputesLost: 0,
    net: 0,
    needsReview: 0,
    needsReviewAmount: 0,
    ...partial,
  });

  it('answers per day of the event zone, per provider and currency', async () => {
    const all = await report('all');
    expect(all.timeZone).toBe(EVENT_ZONE);
    expect(all.from).toBeNull();
    expect(all.feeEstimates).toEqual(RATES);
    expect(all.rows).toEqual([
      {
        day: '2025-03-10',
        source: 'stripe',
        currency: 'USD',
        ...figures({ payments: 2, gross: 300, fees: 69, estimatedFees: 33 }),
        estimatedFeePayments: 1,
        net: 231,
      },
      {
        day: '2025-03-10',
        source: 'campay',
        currency: 'XAF',
        ...figures({ payments: 1, gross: 300, fees: 6, net: 294 }),
      },
      {
        day: '2025-03-11',
        source: 'stripe',
        currency: 'USD',
        ...figures({
          payments: 4,
          gross: 700,
          fees: 141,
          estimatedFees: 108,
          estimatedFeePayments: 3,
          refunds: 150,
          disputesHeld: 150,
          disputesLost: 100,
          net: 309,
        }),
      },
      {
        day: '2025-03-11',
        source: 'campay',
        currency: 'XAF',
        ...figures({
          payments: 1,
          gross: 500,
          fees: 18,
          estimatedFees: 18,
          estimatedFeePayments: 1,
          refunds: 500,
          net: -18,
          needsReview: 1,
          needsReviewAmount: 200,
        }),
      },
      {
        day: '2025-03-11',
        source: 'sandbox',
        currency: 'USD',
        ...figures({ payments: 1, gross: 100, fees: 33, estimatedFees: 33 }),
        estimatedFeePayments: 1,
        net: 67,
      },
      {
        day: '2025-03-11',
        source: 'sandbox',
        currency: 'XAF',
        ...figures({ payments: 1, gross: 100, fees: 8, estimatedFees: 8 }),
        estimatedFeePayments: 1,
        net: 92,
      },
      {
        day: todayInZone(),
        source: 'campay',
        currency: 'XAF',
        ...figures({ payments: 1, gross: 100, fees: 2, net: 98 }),
      },
    ]);
    expect(all.totals).toEqual([
      {
        currency: 'XAF',
        ...figures({
          payments: 4,
          gross: 1000,
          fees: 34,
          estimatedFees: 26,
          estimatedFeePayments: 2,
          refunds: 500,
          net: 466,
          needsReview: 1,
          needsReviewAmount: 200,
        }),
      },
      {
        currency: 'USD',
        ...figures({
          payments: 7,
          gross: 1100,
          fees: 243,
          estimatedFees: 174,
          estimatedFeePayments: 5,
          refunds: 150,
          disputesHeld: 150,
          disputesLost: 100,
          net: 607,
        }),
      },
    ]);
  });

  it('has totals equal to the sum of the rows and to the sum over the payments', async () => {
    const all = await report('all');
    const rows = await t.app.ctx.db.select().from(payments);
    for (const currency of CURRENCIES) {
      const total = all.totals.find((entry) => entry.currency === currency)!;
      const sum = figures({});
      for (const row of all.rows.filter((entry) => entry.currency === currency)) {
        for (const key of Object.keys(sum) as (keyof FinanceFigures)[]) sum[key] += row[key];
      }
      expect({ ...sum, currency }, currency).toEqual(total);

      // Payment by payment, from the stored rows and the documented rules.
      const own = figures({});
      for (const p of rows.filter((row) => row.currency === currency)) {
        if (p.status === 'needs_review') {
          own.needsReview += 1;
          own.needsReviewAmount += p.amount;
          continue;
        }
        if (!['completed', 'refunded', 'disputed'].includes(p.status)) continue;
        const fee = p.providerFee ?? estimateFee(p.amount, RATES[p.provider]);
        const standing = disputeStanding(p.disputeStatus);
        const disputed = p.amount - p.refundedAmount;
        own.payments += 1;
        own.gross += p.amount;
        own.fees += fee;
        if (p.providerFee === null) {
          own.estimatedFees += fee;
          own.estimatedFeePayments += 1;
        }
        own.refunds += p.refundedAmount;
        if (standing === 'open') own.disputesHeld += disputed;
        if (standing === 'lost') own.disputesLost += disputed;
        own.net += p.amount - fee - p.refundedAmount - (standing === 'lost' ? disputed : 0);
      }
      expect({ ...own, currency }, currency).toEqual(total);
    }
  });

  it('keeps to the period, started in the event zone', async () => {
    for (const period of ['today', 'week', 'month'] as const) {
      const answer: FinanceReport = await report(period);
      expect(answer.from, period).not.toBeNull();
      expect(
        answer.rows.map((row) => [row.day, row.source, row.gross]),
        period,
      ).toEqual([[todayInZone(), 'campay', 100]]);
      expect(answer.totals.find((total) => total.currency === 'USD')).toMatchObject({
        payments: 0,
        net: 0,
      });
    }
  });

  it('counts the messages to voters per channel and state, and their cost per currency, in the period', async () => {
    await createOutboxMessages(t.app.ctx.db, [
      { state: 'sent', costAmount: 25, costCurrency: 'XAF', deliveryStatus: 'delivered' },
      { state: 'sent', costAmount: 25, costCurrency: 'XAF' },
      { state: 'sent', costAmount: 80, costCurrency: 'KES' },
      { state: 'sent' },
      { state: 'failed', costAmount: 25, costCurrency: 'XAF' },
      { state: 'pending' },
      { channel: 'email', state: 'sent' },
      { channel: 'email', state: 'sandbox' },
      // Before this month: only in the report of all time.
      { state: 'sent', costAmount: 25, costCurrency: 'XAF', createdAt: at('2020-01-15T12:00:00Z') },
    ]);
    const all = await report('all');
    expect(all.messages).toEqual({
      channels: [
        { channel: 'sms', sent: 5, delivered: 1, failed: 1, waiting: 1, sandbox: 0 },
        { channel: 'email', sent: 1, delivered: 0, failed: 0, waiting: 0, sandbox: 1 },
      ],
      costs: [
        { currency: 'KES', amount: 80, messages: 1 },
        { currency: 'XAF', amount: 100, messages: 4 },
      ],
      unpriced: 2,
    });
    const month = await report('month');
    expect(month.messages.channels[0]).toMatchObject({ channel: 'sms', sent: 4 });
    expect(month.messages.costs).toContainEqual({ currency: 'XAF', amount: 75, messages: 3 });
  });

  it('exports the same report as CSV, amounts in the main unit, totals per currency', async () => {
    const response = await call(t.app, {
      url: '/api/admin/finance.csv?period=all',
      headers: admin,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="finance-all-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = response.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(FINANCE_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 7 + 2);
    expect(lines[3]).toBe('2025-03-11,stripe,USD,4,7.00,1.41,1.08,3,1.50,1.50,1.00,3.09,0,0.00');
    expect(lines[4]).toBe('2025-03-11,campay,XAF,1,500,18,18,1,500,0,0,-18,1,200');
    expect(lines.slice(-2)).toEqual([
      'Total,,XAF,4,1000,34,26,2,500,0,0,466,1,200',
      'Total,,USD,7,11.00,2.43,1.74,5,1.50,1.50,1.00,6.07,0,0.00',
    ]);
  });

  it('is for admins only', async () => {
    for (const url of ['/api/admin/finance?period=all', '/api/admin/finance.csv?period=all']) {
      const signedOut = await call(t.app, { url });
      expect(signedOut.status, url).toBe(401);
      expect(signedOut.body).toHaveProperty('message');
      const notAdmin = await call(t.app, { url, headers: voter });
      expect(notAdmin.status, url).toBe(403);
      expect(notAdmin.body).toHaveProperty('message');
    }
  });

  it('refuses a bad period with 400 and a message, never a 500', async () => {
    const queries = [
      '',
      '?period=',
      '?period=year',
      '?period=TODAY',
      '?period=all&period=today',
      '?period[]=all',
      '?period[a]=all',
      `?period=${'a'.repeat(5000)}`,
      '?period=%00',
      '?period=__proto__',
      '?period=%E0%A4%A',
      '?period=all%00',
      '?__proto__[period]=all',
      '?constructor=1',
    ];
    for (const path of ['/api/admin/finance', '/api/admin/finance.csv']) {
      for (const query of queries) {
        const response = await call(t.app, { url: `${path}${query}`, headers: admin });
        expect(response.status, `${path}${query}`).toBe(400);
        expect(typeof (response.body as { message?: unknown }).message, query).toBe('string');
      }
    }
    // Unknown fields are ignored, as on every other admin query.
    const extra = await call(t.app, {
      url: '/api/admin/finance?period=all&format=xml',
      headers: admin,
    });
    expect(extra.status).toBe(200);
  });
});

describeEachDatabase('finance report per edition', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind, ENV);
    admin = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
    await twoEditionsWithPayments(t.app.ctx.db);
  });
  afterAll(async () => t?.close());

  const report = async (query: string) => {
    const res = await call(t.app, { url: `/api/admin/finance?period=all${query}`, headers: admin });
    expect(res.status, query).toBe(200);
    return financeReportSchema.parse(res.body);
  };
  const figures = (r: FinanceReport) =>
    r.totals.map((total) => [total.currency, total.payments, total.gross, total.fees, total.net]);
  const waiting = (r: FinanceReport) => r.messages.channels.reduce((n, c) => n + c.waiting, 0);

  it("reports each edition's own money and messages, in its own time zone", async () => {
    const current = await report('');
    expect(figures(current)).toEqual([
      ['XAF', 1, 300, 6, 294],
      ['USD', 1, 200, 36, 164],
    ]);
    // Its two receipts and the lookup code no payment owns.
    expect(waiting(current)).toBe(3);
    const past = await report('&edition=past-2025');
    expect(past.timeZone).toBe('UTC');
    expect(figures(past)).toEqual([
      ['XAF', 1, 1050, 21, 1029],
      ['USD', 1, 150, 10, 140],
    ]);
    expect(waiting(past)).toBe(2);
  });

  it("exports each edition's own rows as CSV", async () => {
    const totals = async (query: string) => {
      const res = await call(t.app, {
        url: `/api/admin/finance.csv?period=all${query}`,
        headers: admin,
      });
      expect(res.status, query).toBe(200);
      const lines = res.bytes.toString('utf8').trimEnd().split('\r\n');
      return lines.filter((line) => line.startsWith('Total')).map((line) => line.split(',', 5));
    };
    expect(await totals('')).toEqual([
      ['Total', '', 'XAF', '1', '300'],
      ['Total', '', 'USD', '1', '2.00'],
    ]);
    expect(await totals('&edition=past-2025')).toEqual([
      ['Total', '', 'XAF', '1', '1050'],
      ['Total', '', 'USD', '1', '1.50'],
    ]);
  });

  it('answers 404 for an unknown edition and 400 for a malformed one', async () => {
    for (const path of ['/api/admin/finance', '/api/admin/finance.csv']) {
      const unknown = await call(t.app, { url: `${path}?period=all&edition=1999`, headers: admin });
      expect(unknown.status, path).toBe(404);
      const bad = await call(t.app, {
        url: `${path}?period=all&edition=Not_A_Slug`,
        headers: admin,
      });
      expect(bad.status, path).toBe(400);
    }
  });
});
