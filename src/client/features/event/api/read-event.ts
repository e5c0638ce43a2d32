import type { EventStatus, PublicEvent, ResultsVisibility } from '#shared/schemas/event';
import type { ResponseReader } from '#client/lib/api-client';
import { boolean, integer, nullableString, oneOf, record, string } from '#client/lib/json-fields';

const STATUSES: readonly EventStatus[] = ['upcoming', 'open', 'closed'];
const VISIBILITIES: readonly ResultsVisibility[] = ['live', 'hidden'];

function nullableInteger(value: unknown, path: string): number | null {
  return value === null ? null : integer(value, path);
}

/**
 * GET /api/event, read without zod: the header and the public pages' countdown need it on the
 * first screen, whose bundle must not carry zod (docs/decisions/0042). Held to
 * `publicEventSchema` by its test.
 */
export const publicEventReader: ResponseReader<PublicEvent> = {
  parse: (data) => {
    const event = record(data, '');
    return {
      name: string(event.name, 'name'),
      nameFr: nullableString(event.nameFr, 'nameFr'),
      timezone: string(event.timezone, 'timezone'),
      votingOpensAt: nullableString(event.votingOpensAt, 'votingOpensAt'),
      votingClosesAt: nullableString(event.votingClosesAt, 'votingClosesAt'),
      resultsVisibility: oneOf(VISIBILITIES, event.resultsVisibility, 'resultsVisibility'),
      hideCountsHoursBeforeClose: nullableInteger(
        event.hideCountsHoursBeforeClose,
        'hideCountsHoursBeforeClose',
      ),
      resultsPublishedAt: nullableString(event.resultsPublishedAt, 'resultsPublishedAt'),
      smsReceipts: boolean(event.smsReceipts, 'smsReceipts'),
      status: oneOf(STATUSES, event.status, 'status'),
      countsVisible: boolean(event.countsVisible, 'countsVisible'),
      serverTime: string(event.serverTime, 'serverTime'),
    };
  },
};
