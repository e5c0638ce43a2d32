import { describe, expect, it } from 'vitest';
import { publicEventSchema } from '#shared/schemas/event';
import { publicEventReader } from './read-event';

const event = {
  name: 'Palmarès 2026',
  nameFr: null,
  timezone: 'Africa/Douala',
  votingOpensAt: '2026-11-01T08:00:00.000Z',
  votingClosesAt: null,
  resultsVisibility: 'live',
  hideCountsHoursBeforeClose: 24,
  resultsPublishedAt: null,
  smsReceipts: true,
  status: 'open',
  countsVisible: true,
  serverTime: '2026-11-23T21:00:00.000Z',
};

const accepted: unknown[] = [
  event,
  { ...event, nameFr: 'Palmarès', votingClosesAt: '2026-12-01T19:00:00.000Z' },
  { ...event, hideCountsHoursBeforeClose: null, resultsVisibility: 'hidden', status: 'closed' },
  { ...event, resultsPublishedAt: '2026-12-01T20:00:00.000Z', extra: 'dropped' },
  { ...event, smsReceipts: false },
];
const refused: unknown[] = [
  null,
  [],
  { ...event, name: null },
  { ...event, nameFr: undefined },
  { ...event, status: 'paused' },
  { ...event, resultsVisibility: 'public' },
  { ...event, hideCountsHoursBeforeClose: 1.5 },
  { ...event, hideCountsHoursBeforeClose: '24' },
  { ...event, countsVisible: 'yes' },
  { ...event, smsReceipts: 'no' },
  { ...event, serverTime: null },
  { ...event, votingOpensAt: 5 },
];

describe('publicEventReader', () => {
  it('gives what publicEventSchema gives for answers the schema accepts', () => {
    for (const answer of accepted) {
      expect(publicEventReader.parse(answer)).toEqual(publicEventSchema.parse(answer));
    }
  });

  it('refuses what the schema refuses', () => {
    for (const answer of refused) {
      expect(publicEventSchema.safeParse(answer).success).toBe(false);
      expect(() => publicEventReader.parse(answer)).toThrow(/Unexpected response/);
    }
  });
});
