import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.js';
import { formatEventDate } from './format-event-date.js';

const lateUtc = '2025-11-22T23:30:00.000Z';

describe('formatDateTime', () => {
  it('puts 23:30 UTC on the next day in WAT', () => {
    expect(formatDateTime(lateUtc, 'en', 'UTC')).toBe('22 Nov 2025, 23:30');
    expect(formatDateTime(lateUtc, 'en', 'Africa/Lagos')).toBe('23 Nov 2025, 00:30');
    expect(formatDateTime(lateUtc, 'en', 'America/Los_Angeles')).toBe('22 Nov 2025, 15:30');
  });

  it('formats in French', () => {
    expect(formatDateTime(lateUtc, 'fr', 'Africa/Lagos')).toBe('23 nov. 2025, 00:30');
  });
});

describe('one way of writing dates per language', () => {
  const afternoon = '2026-11-27T12:58:00.000Z';

  it('writes the day before the month in English, on a 24-hour clock, in every shape', () => {
    const zone = { timeZone: 'Africa/Lagos' };
    expect(formatDate(afternoon, 'en', zone)).toBe('27 Nov 2026');
    expect(formatDateTime(afternoon, 'en', 'Africa/Lagos')).toBe('27 Nov 2026, 13:58');
    expect(formatDate(afternoon, 'en', { ...zone, shape: 'dayMonth' })).toBe('27 Nov');
    expect(formatDate(afternoon, 'en', { ...zone, shape: 'time' })).toBe('13:58');
    // The event's own dates (results, closing time) read the same way, only longer.
    expect(formatEventDate(afternoon, 'Africa/Lagos', 'en')).toMatch(/^Friday,? 27 November 2026/);
  });

  it('writes French dates the French way', () => {
    const zone = { timeZone: 'Africa/Lagos' };
    expect(formatDate(afternoon, 'fr', zone)).toBe('27 nov. 2026');
    expect(formatDate(afternoon, 'fr', { ...zone, shape: 'time' })).toBe('13:58');
    expect(formatEventDate(afternoon, 'Africa/Lagos', 'fr')).toMatch(/^vendredi 27 novembre 2026/);
  });

  it('takes a Date as well as an ISO string', () => {
    expect(formatDate(new Date(afternoon), 'en', { timeZone: 'UTC' })).toBe('27 Nov 2026');
  });
});
