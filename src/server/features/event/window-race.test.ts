import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { editions, nominations, payments } from '#server/db/schema.js';
import { inDatabaseTime, resetEvent, setEvent } from '#test/factories/event-factory.js';
import { call } from '#test/support/call-app.js';
import { nomineeWith, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describePostgres } from '#test/support/test-database.js';

const CREATIONS = 50;
const SPACING_MS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describePostgres('payments racing the close', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', {
      SANDBOX_SETTLE_DELAY_MS: '200',
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
    });
  });
  afterAll(async () => {
    await resetEvent(t.database.db);
    await t.close();
  });

  it('creates none at or after the close; every one created before it settles and counts', async () => {
    const nominee = await nomineeWith(t.database.db, 1);
    // The close falls in the middle of the burst, on the database's clock.
    await setEvent(t.database.db, {
      votingClosesAt: inDatabaseTime(`${(CREATIONS * SPACING_MS) / 2} milliseconds`),
    });
    const answers = [];
    for (let i = 0; i < CREATIONS; i++) {
      answers.push(
        call(t.app, {
          method: 'POST',
          url: '/api/campay-payment',
          remoteAddress: `10.9.${i}.1`,
          body: {
            phoneNumber: `6771${String(i).padStart(5, '0')}`,
            nominationVotes: split(nominee, [1]),
            totalVotes: 1,
            deviceInfo: { deviceTimestamp: new Date().toISOString(), userAgent: 'vitest' },
          },
        }),
      );
      await sleep(SPACING_MS);
    }
    const settled = await Promise.all(answers);
    const accepted = settled.filter((a) => a.status === 200).map((a) => String(a.body.paymentId));
    const refused = settled.filter((a) => a.status === 409);
    const others = settled.filter((a) => a.status !== 200 && a.status !== 409);
    expect(
      others.map((a) => `${a.status} ${JSON.stringify(a.body)}`),
      'every answer is a payment or a 409',
    ).toEqual([]);
    expect(accepted.length + refused.length).toBe(CREATIONS);
    // The first requests go out a second before the close: some are always taken.
    expect(accepted.length).toBeGreaterThan(0);
    const acceptedIds = inArray(payments.id, accepted);
    for (const answer of refused) expect(answer.body.message).toBe('Voting has closed');

    const created = await t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(acceptedIds);
    expect(created).toHaveLength(accepted.length);
    // Compared in SQL: the database keeps microseconds, and a JavaScript Date would round a payment
    // created a fraction of a millisecond before the close onto the close itself.
    const [{ after } = { after: -1 }] = await t.database.db
      .select({ after: sql<number>`count(*)::int` })
      .from(payments)
      .where(
        sql`${payments.createdAt} >= (SELECT ${editions.votingClosesAt} FROM ${editions} WHERE ${editions.isCurrent})`,
      );
    expect(after, 'payments created at or after the close').toBe(0);

    // Money taken means votes counted: each accepted payment settles after the close and counts.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [{ pending } = { pending: 0 }] = await t.database.db
        .select({ pending: sql<number>`count(*)::int` })
        .from(payments)
        .where(sql`${payments.status} = 'pending' AND ${acceptedIds}`);
      if (pending === 0) break;
      expect(Date.now(), 'every accepted payment settles').toBeLessThan(deadline);
      await sleep(200);
    }
    const [{ votes } = { votes: -1 }] = await t.database.db
      .select({ votes: nominations.voteCount })
      .from(nominations)
      .where(eq(nominations.id, nominee.nominations[0]!.id));
    expect(votes).toBe(accepted.length);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });
});
