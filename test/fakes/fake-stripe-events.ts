import type { FakeEvent } from './fake-stripe-objects.js';
import { StripeHttpError, StripeValidationError } from './fake-stripe-idempotency.js';
import type { FormValue } from './stripe-form.js';

/** A page of `GET /v1/events`, as Stripe answers it. */
export interface FakeEventList {
  object: 'list';
  url: '/v1/events';
  has_more: boolean;
  data: FakeEvent[];
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
/** Stripe takes at most this many names in `types`. */
const MAX_TYPES = 20;
const KNOWN_PARAMS = new Set([
  'limit',
  'starting_after',
  'ending_before',
  'created',
  'type',
  'types',
  'expand',
]);
const RANGE_KEYS = new Set(['gt', 'gte', 'lt', 'lte']);

const invalid = (param: string, message: string) =>
  new StripeValidationError(400, { type: 'invalid_request_error', param, message });

/**
 * `GET /v1/events` over what the fake emitted: newest first by `created`, events of the same second
 * in reverse emission order (the later one first), filtered by `created`, `type` (with `*` as a
 * wildcard) or `types`, then paged with `limit` and one of `starting_after` / `ending_before`.
 * A cursor is a position in that order, so it may name an event the filters leave out; an id the
 * fake never emitted is a 404 `resource_missing`, as at Stripe.
 */
export function listFakeEvents(
  emitted: readonly FakeEvent[],
  params: Record<string, FormValue>,
): FakeEventList {
  for (const name of Object.keys(params)) {
    if (!KNOWN_PARAMS.has(name)) invalidParam(name);
  }
  const limit = limitOf(params.limit);
  const startingAfter = stringParam(params, 'starting_after');
  const endingBefore = stringParam(params, 'ending_before');
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw invalid(
      'ending_before',
      'You may only specify one of these parameters: ending_before, starting_after.',
    );
  }
  const wanted = typeFilterOf(params);
  const inRange = createdFilterOf(params.created);

  const ordered = emitted
    .map((event, emittedAt) => ({ event, emittedAt }))
    .sort((a, b) => b.event.created - a.event.created || b.emittedAt - a.emittedAt)
    .map(({ event }, rank) => ({ event, rank }));
  const anchorId = startingAfter ?? endingBefore;
  const anchor =
    anchorId === undefined ? undefined : ordered.find(({ event }) => event.id === anchorId);
  if (anchorId !== undefined && !anchor) {
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: startingAfter !== undefined ? 'starting_after' : 'ending_before',
      message: `No such event: '${anchorId}'`,
    });
  }
  const matching = ordered.filter(({ event }) => wanted(event.type) && inRange(event.created));
  let candidates = matching;
  if (anchor && startingAfter !== undefined) {
    candidates = matching.filter(({ rank }) => rank > anchor.rank);
  } else if (anchor) {
    // The page just newer than the anchor: the `limit` closest to it, still newest first.
    candidates = matching.filter(({ rank }) => rank < anchor.rank);
  }
  const page =
    anchor && endingBefore !== undefined
      ? candidates.slice(Math.max(0, candidates.length - limit))
      : candidates.slice(0, limit);
  return {
    object: 'list',
    url: '/v1/events',
    has_more: candidates.length > limit,
    data: page.map(({ event }) => structuredClone(event)),
  };
}

function invalidParam(name: string): never {
  throw invalid(name, `Received unknown parameter: ${name}`);
}

function stringParam(params: Record<string, FormValue>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(name, `Invalid string: ${name}`);
  return value;
}

function integerOf(value: FormValue, param: string): number {
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number)) {
    throw new StripeValidationError(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param,
      message: `Invalid integer: ${typeof value === 'string' ? value : param}`,
    });
  }
  return number;
}

function limitOf(value: FormValue | undefined): number {
  if (value === undefined) return DEFAULT_LIMIT;
  const limit = integerOf(value, 'limit');
  if (limit < 1) throw invalid('limit', 'This value must be greater than or equal to 1.');
  if (limit > MAX_LIMIT) {
    throw invalid('limit', `This value must be less than or equal to ${MAX_LIMIT}.`);
  }
  return limit;
}

/** `type` (one name, `*` matching any run of characters) or `types` (exact names), not both. */
function typeFilterOf(params: Record<string, FormValue>): (type: string) => boolean {
  if (params.type !== undefined && params.types !== undefined) {
    throw invalid('types', 'You may only specify one of these parameters: type, types.');
  }
  const one = stringParam(params, 'type');
  if (one !== undefined) {
    const pattern = one
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    const regex = new RegExp(`^${pattern}$`);
    return (type) => regex.test(type);
  }
  if (params.types === undefined) return () => true;
  const list = Array.isArray(params.types) ? params.types : [params.types];
  if (list.length > MAX_TYPES || !list.every((t): t is string => typeof t === 'string')) {
    throw invalid('types', `Invalid array: types takes at most ${MAX_TYPES} event names.`);
  }
  const names = new Set(list);
  return (type) => names.has(type);
}

/** `created` as one Unix time, or a range of `gt`, `gte`, `lt` and `lte`. */
function createdFilterOf(value: FormValue | undefined): (created: number) => boolean {
  if (value === undefined) return () => true;
  if (typeof value === 'string') {
    const exact = integerOf(value, 'created');
    return (created) => created === exact;
  }
  if (Array.isArray(value)) throw invalid('created', 'Invalid timestamp: created');
  const bounds: Partial<Record<'gt' | 'gte' | 'lt' | 'lte', number>> = {};
  for (const [key, bound] of Object.entries(value)) {
    if (!RANGE_KEYS.has(key)) invalidParam(`created[${key}]`);
    bounds[key as keyof typeof bounds] = integerOf(bound, `created[${key}]`);
  }
  return (created) =>
    (bounds.gt === undefined || created > bounds.gt) &&
    (bounds.gte === undefined || created >= bounds.gte) &&
    (bounds.lt === undefined || created < bounds.lt) &&
    (bounds.lte === undefined || created <= bounds.lte);
}
