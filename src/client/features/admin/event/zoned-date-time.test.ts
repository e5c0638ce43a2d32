import { describe, expect, it } from 'vitest';
import { fromZoned, toZoned } from './zoned-date-time';

describe('event clock conversions', () => {
  it('reads a date and time on the event clock as the instant it is there', () => {
    expect(fromZoned({ date: '2026-12-19', time: '20:00' }, 'Africa/Douala')).toBe(
      '2026-12-19T19:00:00.000Z',
    );
    expect(fromZoned({ date: '2026-12-19', time: '20:00' }, 'UTC')).toBe(
      '2026-12-19T20:00:00.000Z',
    );
    expect(fromZoned({ date: '2026-07-01', time: '09:30' }, 'America/Los_Angeles')).toBe(
      '2026-07-01T16:30:00.000Z',
    );
  });

  it('shows an instant as the event clock reads it, across the date line', () => {
    expect(toZoned('2026-12-19T19:00:00.000Z', 'Africa/Douala')).toEqual({
      date: '2026-12-19',
      time: '20:00',
    });
    expect(toZoned('2026-12-31T23:30:00.000Z', 'Europe/Paris')).toEqual({
      date: '2027-01-01',
      time: '00:30',
    });
    expect(toZoned('2026-01-01T03:00:00.000Z', 'America/Los_Angeles')).toEqual({
      date: '2025-12-31',
      time: '19:00',
    });
  });

  it('follows Paris summer and winter time', () => {
    expect(fromZoned({ date: '2026-01-15', time: '12:00' }, 'Europe/Paris')).toBe(
      '2026-01-15T11:00:00.000Z',
    );
    expect(fromZoned({ date: '2026-07-15', time: '12:00' }, 'Europe/Paris')).toBe(
      '2026-07-15T10:00:00.000Z',
    );
    // Either side of the spring jump (29 March 2026, 02:00 -> 03:00).
    expect(fromZoned({ date: '2026-03-29', time: '01:59' }, 'Europe/Paris')).toBe(
      '2026-03-29T00:59:00.000Z',
    );
    expect(fromZoned({ date: '2026-03-29', time: '03:00' }, 'Europe/Paris')).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('puts a skipped spring time just after the jump, and a doubled autumn time first', () => {
    const skipped = fromZoned({ date: '2026-03-29', time: '02:30' }, 'Europe/Paris');
    expect(skipped).toBe('2026-03-29T01:30:00.000Z');
    expect(toZoned(skipped!, 'Europe/Paris')).toEqual({ date: '2026-03-29', time: '03:30' });
    // 25 October 2026: 02:30 happens at 00:30Z (summer time) and again at 01:30Z.
    expect(fromZoned({ date: '2026-10-25', time: '02:30' }, 'Europe/Paris')).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('round-trips every quarter hour across the Paris transitions', () => {
    for (const start of [Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 9, 24, 12)]) {
      for (let instant = start; instant < start + 2 * 86_400_000; instant += 900_000) {
        const iso = new Date(instant).toISOString();
        const zoned = toZoned(iso, 'Europe/Paris');
        const back = fromZoned(zoned, 'Europe/Paris');
        // The doubled autumn hour reads back as its first occurrence, an hour earlier.
        expect([iso, new Date(instant - 3_600_000).toISOString()]).toContain(back);
        expect(toZoned(back!, 'Europe/Paris')).toEqual(zoned);
      }
    }
  });

  it('refuses what is not a date and a time', () => {
    expect(fromZoned({ date: '', time: '20:00' }, 'UTC')).toBeNull();
    expect(fromZoned({ date: '2026-12-19', time: '' }, 'UTC')).toBeNull();
    expect(fromZoned({ date: '2026-02-31', time: '20:00' }, 'UTC')).toBeNull();
    expect(fromZoned({ date: '2026-12-19', time: '24:00' }, 'UTC')).toBeNull();
  });
});
