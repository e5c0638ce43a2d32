import { describe, expect, it } from 'vitest';
import { formatZoned, nextDay, startOfZonedDay, zonedToday } from './zoned-time.js';

describe('zoned time', () => {
  it('finds local midnight in WAT, PT (with daylight saving) and UTC', () => {
    expect(startOfZonedDay('2026-11-22', 'Africa/Lagos').toISOString()).toBe(
      '2026-11-21T23:00:00.000Z',
    );
    expect(startOfZonedDay('2026-11-22', 'UTC').toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(startOfZonedDay('2026-11-22', 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-22T08:00:00.000Z',
    );
    expect(startOfZonedDay('2026-07-01', 'America/Los_Angeles').toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
  });

  it('formats with the zone offset and tells today in the zone', () => {
    const instant = new Date('2026-11-21T23:30:00Z');
    expect(formatZoned(instant, 'Africa/Lagos')).toBe('2026-11-22T00:30:00+01:00');
    expect(formatZoned(instant, 'America/Los_Angeles')).toBe('2026-11-21T15:30:00-08:00');
    expect(formatZoned(instant, 'UTC')).toBe('2026-11-21T23:30:00+00:00');
    expect(zonedToday('Africa/Lagos', instant)).toBe('2026-11-22');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
