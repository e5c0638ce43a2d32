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

  it('changes offset on the exact minute of a daylight-saving transition', () => {
    // Los Angeles springs forward at 02:00 PST, 10:00 UTC, on 8 March 2026.
    const zone = 'America/Los_Angeles';
    expect(formatZoned(new Date('2026-03-08T09:59:59Z'), zone)).toBe('2026-03-08T01:59:59-08:00');
    expect(formatZoned(new Date('2026-03-08T10:00:00Z'), zone)).toBe('2026-03-08T03:00:00-07:00');
    expect(formatZoned(new Date('2026-03-08T09:59:30Z'), zone)).toBe('2026-03-08T01:59:30-08:00');
    expect(formatZoned(new Date('2026-03-08T10:00:30Z'), zone)).toBe('2026-03-08T03:00:30-07:00');
  });
});
