import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '#server/config.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';
import { createCompletedPayment, createPendingPayment } from '#test/factories/payment-factory.js';
import { createTestDatabase, type TestDatabase } from '#test/support/test-database.js';
import { rowsOf } from '#server/db/rows.js';
import { flagVelocity, type VelocitySettings } from './velocity-flags.js';

const MINUTE = 60_000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
/** The defaults, as the README lists them, with a test's changes. */
const settings = (env: Record<string, string> = {}): VelocitySettings =>
  loadConfig({ NODE_ENV: 'test', ...env }).velocity;

interface FlagRow {
  payment_id: string;
  kind: string;
  measured: number;
  threshold: number;
  window_seconds: number;
  usual: number | null;
  category_id: string | null;
  cleared_at: Date | string | null;
}

/*
 * Each rule of the velocity flags on PGlite: what reaches its threshold is flagged, what stays
 * under it or outside its window is not, each edition is measured alone, and a second run writes
 * nothing new.
 */
describe('velocity flags', () => {
  let database: TestDatabase;
  const db = () => database.db;
  const flags = async () =>
    rowsOf<FlagRow>(
      await db().execute(sql`SELECT * FROM payment_flags ORDER BY kind, payment_id`),
    ).map((row) => ({ ...row, measured: Number(row.measured) }));

  // A database of its own for each rule: the rules look at every recent payment.
  beforeEach(async () => {
    database = await createTestDatabase('pglite');
  });
  afterEach(() => database.destroy());

  /** A paid payment of one vote, from this device and phone, made `minutesAgo`. */
  async function paid(
    nominationId: string,
    from: { ip?: string; agent?: string; phone: string; minutesAgo: number; votes?: number },
    editionId?: number,
  ) {
    return createCompletedPayment(db(), {
      votes: [{ nominationId, voteCount: from.votes ?? 1 }],
      payment: {
        ipAddress: from.ip ?? null,
        userAgent: from.agent ?? null,
        phoneHash: from.phone,
        createdAt: ago(from.minutesAgo * MINUTE),
        ...(editionId === undefined ? {} : { editionId }),
      },
      at: ago(from.minutesAgo * MINUTE),
    });
  }

  it('flags every payment of a device that paid with many phones within the window', async () => {
    const { nominations } = await createNominee(db());
    const nominationId = nominations[0]!.id;
    const device = { ip: '198.51.100.7', agent: 'Phone/1' };
    const burst = [
      await paid(nominationId, { ...device, phone: 'd1', minutesAgo: 50 }),
      await paid(nominationId, { ...device, phone: 'd2', minutesAgo: 30 }),
      await paid(nominationId, { ...device, phone: 'd3', minutesAgo: 10 }),
    ];
    // Same address, another browser; and the same device long before the window.
    const otherBrowser = await paid(nominationId, {
      ip: device.ip,
      agent: 'Tab/2',
      phone: 'd4',
      minutesAgo: 20,
    });
    await paid(nominationId, { ...device, phone: 'd5', minutesAgo: 24 * 60 });
    // A pending attempt is not a paid payment.
    await createPendingPayment(db(), {
      votes: [{ nominationId, voteCount: 1 }],
      payment: { ipAddress: device.ip, userAgent: device.agent, phoneHash: 'd6' },
    });

    await flagVelocity(db(), settings({ VELOCITY_PHONES_PER_ADDRESS: '4' }), now);

    const written = await flags();
    const device3 = written.filter((f) => f.kind === 'device-phones');
    expect(device3.map((f) => f.payment_id).sort()).toEqual(burst.map((p) => p.id).sort());
    expect(device3.every((f) => f.measured === 3 && f.threshold === 3)).toBe(true);
    expect(device3[0]!.window_seconds).toBe(3600);
    const address = written.filter((f) => f.kind === 'address-phones');
    expect(address.map((f) => f.payment_id).sort()).toEqual(
      [...burst, otherBrowser].map((p) => p.id).sort(),
    );
    expect(address.every((f) => f.measured === 4)).toBe(true);
  });

  it("measures each edition's payments apart", async () => {
    const { nominations } = await createNominee(db());
    const other = await createEdition(db());
    const otherCategory = await createCategory(db(), { editionId: other.id });
    const otherNominee = await createNominee(db(), { categoryIds: [otherCategory.id] });
    const device = { ip: '203.0.113.9', agent: 'Phone/3' };
    await paid(nominations[0]!.id, { ...device, phone: 'e1', minutesAgo: 5 });
    await paid(nominations[0]!.id, { ...device, phone: 'e2', minutesAgo: 4 });
    await paid(
      otherNominee.nominations[0]!.id,
      { ...device, phone: 'e3', minutesAgo: 3 },
      other.id,
    );

    await flagVelocity(db(), settings(), now);

    expect(await flags()).toEqual([]);
  });

  it('flags one phone paying for many nominees within seconds, not over minutes', async () => {
    const category = await createCategory(db());
    const nominees = [];
    for (let i = 0; i < 5; i++)
      nominees.push(await createNominee(db(), { categoryIds: [category.id] }));
    const quick = [];
    for (const [i, nominee] of nominees.entries()) {
      quick.push(
        await paid(nominee.nominations[0]!.id, { phone: 'quick', minutesAgo: 30 - i / 10 }),
      );
    }
    for (const [i, nominee] of nominees.entries()) {
      await paid(nominee.nominations[0]!.id, { phone: 'slow', minutesAgo: 60 - i * 5 });
    }

    expect(await flagVelocity(db(), settings(), now)).toBe(5);

    const written = await flags();
    expect(written.map((f) => [f.kind, f.measured])).toEqual(
      quick.map(() => ['phone-nominees', 5]),
    );
    expect(written.map((f) => f.payment_id).sort()).toEqual(quick.map((p) => p.id).sort());
  });

  it("flags a burst far above its category's usual rate, with that rate", async () => {
    const bursting = await createNominee(db());
    const steady = await createNominee(db());
    // 1,440 votes over the day before: 10 per ten minutes is usual for both categories.
    for (const nominee of [bursting, steady]) {
      await paid(nominee.nominations[0]!.id, { phone: 'base', minutesAgo: 5 * 60, votes: 1440 });
    }
    const burst = [];
    for (let i = 0; i < 6; i++) {
      burst.push(
        await paid(bursting.nominations[0]!.id, { phone: `b${i}`, minutesAgo: 9 - i, votes: 10 }),
      );
    }
    for (let i = 0; i < 3; i++) {
      await paid(steady.nominations[0]!.id, { phone: `s${i}`, minutesAgo: 9 - i, votes: 10 });
    }

    await flagVelocity(db(), settings({ VELOCITY_BURST_MIN_VOTES: '20' }), now);

    const written = (await flags()).filter((f) => f.kind === 'category-burst');
    expect(written.map((f) => f.payment_id).sort()).toEqual(burst.map((p) => p.id).sort());
    expect(Math.max(...written.map((f) => f.measured))).toBe(60);
    expect(written.every((f) => f.usual === 10 && f.window_seconds === 600)).toBe(true);
    expect(new Set(written.map((f) => f.category_id))).toEqual(
      new Set([bursting.nominations[0]!.categoryId]),
    );
  });

  it('writes each flag once, raises an open one, and leaves a cleared one cleared', async () => {
    const { nominations } = await createNominee(db());
    const device = { ip: '192.0.2.44', agent: 'Phone/4' };
    for (const phone of ['r1', 'r2', 'r3']) {
      await paid(nominations[0]!.id, { ...device, phone, minutesAgo: 20 });
    }
    expect(await flagVelocity(db(), settings(), now)).toBe(3);
    expect(await flagVelocity(db(), settings(), now)).toBe(0);
    const [first] = await flags();
    await db().execute(
      sql`UPDATE payment_flags SET cleared_at = now() WHERE payment_id = ${first!.payment_id}`,
    );
    await paid(nominations[0]!.id, { ...device, phone: 'r4', minutesAgo: 10 });

    await flagVelocity(db(), settings(), now);

    const written = await flags();
    expect(written).toHaveLength(4);
    const cleared = written.find((f) => f.payment_id === first!.payment_id)!;
    expect(cleared.measured).toBe(3);
    expect(cleared.cleared_at).not.toBeNull();
    expect(written.filter((f) => f.cleared_at === null).every((f) => f.measured === 4)).toBe(true);
  });
});
