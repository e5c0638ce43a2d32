import type { EventStatus } from '#shared/schemas/event';
import type { LiveEventState, LiveTally, PublicLiveMessage } from '#shared/schemas/live';
import type { ResponseReader } from '#client/lib/api-client';
import {
  boolean,
  integer,
  list,
  nullableString,
  oneOf,
  record,
  uuid,
} from '#client/lib/json-fields';

const STATUSES: readonly EventStatus[] = ['upcoming', 'open', 'closed'];
const TYPES: readonly PublicLiveMessage['type'][] = ['snapshot', 'tallies', 'event'];

function readTallies(value: unknown, path: string): LiveTally[] {
  return list(value, path).map((item, index) => {
    const tally = record(item, `${path}[${index}]`);
    return {
      id: uuid(tally.id, `${path}[${index}].id`),
      voteCount: integer(tally.voteCount, `${path}[${index}].voteCount`),
    };
  });
}

function readEventState(value: unknown): LiveEventState {
  const event = record(value, 'event');
  return {
    status: oneOf(STATUSES, event.status, 'event.status'),
    countsVisible: boolean(event.countsVisible, 'event.countsVisible'),
    resultsPublishedAt: nullableString(event.resultsPublishedAt, 'event.resultsPublishedAt'),
  };
}

/**
 * One message of GET /api/live, read without zod: the categories page holds the stream, and its
 * budget has no room for zod (docs/decisions/0042). Held to `publicLiveMessageSchema` by its test.
 */
export const publicLiveMessageReader: ResponseReader<PublicLiveMessage> = {
  parse: (data) => {
    const message = record(data, '');
    const type = oneOf(TYPES, message.type, 'type');
    switch (type) {
      case 'snapshot':
        return {
          type,
          event: readEventState(message.event),
          ...(message.tallies === undefined
            ? {}
            : { tallies: readTallies(message.tallies, 'tallies') }),
        };
      case 'tallies':
        return { type, tallies: readTallies(message.tallies, 'tallies') };
      case 'event':
        return { type, event: readEventState(message.event) };
    }
  },
};
