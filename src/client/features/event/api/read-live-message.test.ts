import { describe, expect, it } from 'vitest';
import { publicLiveMessageSchema } from '#shared/schemas/live';
import { publicLiveMessageReader } from './read-live-message';

const event = { status: 'open', countsVisible: true, resultsPublishedAt: null };
const tally = { id: '3f1e4a52-7c1b-4d2e-9a4f-0b6c8d2e1a37', voteCount: 12 };

const accepted: unknown[] = [
  { type: 'snapshot', event, tallies: [tally] },
  { type: 'snapshot', event: { ...event, countsVisible: false } },
  { type: 'snapshot', event, tallies: [] },
  { type: 'tallies', tallies: [tally, { ...tally, voteCount: 0 }] },
  { type: 'tallies', tallies: [{ ...tally, extra: 'dropped' }], extra: 'dropped' },
  { type: 'event', event: { ...event, status: 'closed', resultsPublishedAt: '2026-12-01T20:00Z' } },
  { type: 'event', event: { ...event, status: 'upcoming', extra: 'dropped' } },
];

const refused: unknown[] = [
  null,
  [],
  'snapshot',
  {},
  { type: 'ping' },
  { type: 'snapshot' },
  { type: 'snapshot', event, tallies: null },
  { type: 'tallies' },
  { type: 'tallies', tallies: [{ ...tally, id: 'not-an-id' }] },
  { type: 'tallies', tallies: [{ ...tally, voteCount: 1.5 }] },
  { type: 'tallies', tallies: [{ ...tally, voteCount: '12' }] },
  { type: 'tallies', tallies: tally },
  { type: 'event', event: { ...event, status: 'paused' } },
  { type: 'event', event: { ...event, countsVisible: 'yes' } },
  { type: 'event', event: { ...event, resultsPublishedAt: undefined } },
  { type: 'event', event: null },
];

describe('publicLiveMessageReader', () => {
  it('gives what publicLiveMessageSchema gives for messages the schema accepts', () => {
    for (const message of accepted) {
      expect(publicLiveMessageReader.parse(message)).toEqual(
        publicLiveMessageSchema.parse(message),
      );
    }
  });

  it('refuses what the schema refuses', () => {
    for (const message of refused) {
      expect(publicLiveMessageSchema.safeParse(message).success).toBe(false);
      expect(() => publicLiveMessageReader.parse(message)).toThrow(/Unexpected response/);
    }
  });
});
