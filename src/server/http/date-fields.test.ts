import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLIEST_YEAR, LATEST_YEAR } from '#shared/schemas/calendar-years.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';

/*
 * Every date the API accepts, fuzzed over the years 0 to 9999: a day outside 2000-2100 is refused
 * with a 400 that says so, a day inside is answered, and nothing ever answers 500 or changes.
 */

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp('pglite');
  admin = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
});
afterAll(() => t.close());

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** A real calendar day of any four-digit year. */
const anyDay = fc
  .record({ year: fc.integer({ min: 0, max: 9999 }), month: fc.integer({ min: 1, max: 12 }) })
  .chain(({ year, month }) =>
    fc.integer({ min: 1, max: 28 }).map((day) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`),
  );
const inRange = (day: string) => {
  const year = Number(day.slice(0, 4));
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
};
const EDGES = ['0000-01-01', '0001-01-01', '0099-12-31', '1999-12-31', '2101-01-01', '9999-12-31'];

const DAY_RANGE_URLS = [
  '/api/voter-tracking',
  '/api/voter-tracking/export.csv',
  '/api/admin/audit-log',
  '/api/admin/audit-log/export',
];

describe('dates the API accepts', () => {
  for (const url of DAY_RANGE_URLS) {
    it(`${url}: from and to outside ${EARLIEST_YEAR}-${LATEST_YEAR} are refused, inside answered`, async () => {
      const ask = async (field: 'from' | 'to', day: string) => {
        const res = await call(t.app, { url: `${url}?${field}=${day}`, headers: admin });
        if (inRange(day)) {
          expect(res.status, `${field}=${day}`).toBe(200);
        } else {
          expect(res.status, `${field}=${day}`).toBe(400);
          expect(String(res.body.message)).toMatch(/between 2000 and 2100/);
        }
      };
      for (const day of EDGES) for (const field of ['from', 'to'] as const) await ask(field, day);
      await fc.assert(
        fc.asyncProperty(anyDay, fc.constantFrom('from' as const, 'to' as const), (day, field) =>
          ask(field, day),
        ),
        { numRuns: 25 },
      );
    });
  }

  it('PUT /api/admin/event: an opening or close outside the years is refused and changes nothing', async () => {
    const event = () => call(t.app, { url: '/api/event' });
    const before = (await event()).body;
    const settings = (opens: string | null, closes: string | null) => ({
      name: 'Palmarès 2026',
      nameFr: null,
      timezone: 'Africa/Douala',
      votingOpensAt: opens,
      votingClosesAt: closes,
      resultsVisibility: 'live',
      hideCountsHoursBeforeClose: null,
    });
    const put = (opens: string | null, closes: string | null) =>
      call(t.app, {
        method: 'PUT',
        url: '/api/admin/event',
        headers: admin,
        json: settings(opens, closes),
      });
    for (const day of EDGES) {
      const opens = await put(`${day}T00:00:00Z`, null);
      expect(opens.status, day).toBe(400);
      expect(String(opens.body.message)).toMatch(/Voting opens must fall between 2000 and 2100/);
      const closes = await put(null, `${day}T00:00:00Z`);
      expect(closes.status, day).toBe(400);
      expect(String(closes.body.message)).toMatch(/Voting closes must fall between 2000 and 2100/);
    }
    const { serverTime: _before, ...kept } = before;
    const { serverTime: _after, ...now } = (await event()).body;
    expect(now).toEqual(kept);
    // Inside the years, the same settings are taken.
    expect((await put('2000-01-01T00:00:00Z', '2100-12-31T23:59:00Z')).status).toBe(200);
  });
});
