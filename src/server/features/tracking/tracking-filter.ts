import { sql, type SQL } from 'drizzle-orm';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import type { TrackingQuery } from '#shared/schemas/tracking.js';
import { nextDay, startOfZonedDay } from '#server/time/zoned-time.js';

export interface TrackingFilter {
  /** The edition whose payments are listed: every reading is of one edition only. */
  editionId: number;
  provider?: 'stripe' | 'campay';
  status?: PaymentStatus;
  attempt?: 'attempted' | 'abandoned';
  /** Only payments with an open velocity flag. */
  flagged?: boolean;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  search?: SearchTerms;
}

interface SearchTerms {
  raw: string;
  idRange?: [string, string];
  email?: string;
  phone?: string;
  receiptCode?: string;
}

const HOUR = 3_600_000;

/**
 * Reads the query into instants and search interpretations, for the edition `editionId`; dates
 * are local days in `tz`.
 */
export function toTrackingFilter(query: TrackingQuery, editionId: number): TrackingFilter {
  const pick = <T extends string>(v: T | 'all' | undefined) => (v && v !== 'all' ? v : undefined);
  return {
    editionId,
    provider: pick(query.provider),
    status: pick(query.status),
    attempt: pick(query.attempt),
    flagged: query.flag === 'flagged' || undefined,
    from: query.from ? startOfZonedDay(query.from, query.tz) : undefined,
    to: query.to ? startOfZonedDay(nextDay(query.to), query.tz) : undefined,
    search: query.search ? interpretSearch(query.search) : undefined,
  };
}

/**
 * A voter on the phone gives whatever they have: the start of a payment id, an e-mail, a phone
 * number (with or without 237, spaces or +) or a receipt code. Every reading that fits is tried.
 */
export function interpretSearch(raw: string): SearchTerms {
  const terms: SearchTerms = { raw };
  const hex = raw.replace(/-/g, '').toLowerCase();
  if (/^[0-9a-f]{4,32}$/.test(hex) && /^[0-9a-f-]+$/i.test(raw)) {
    const uuid = (h: string) =>
      `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    terms.idRange = [uuid(hex.padEnd(32, '0')), uuid(hex.padEnd(32, 'f'))];
  }
  if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(raw)) terms.email = raw.toLowerCase();
  const digits = raw.replace(/[\s+().-]/g, '');
  if (/^\d{9}$/.test(digits)) terms.phone = `237${digits}`;
  else if (/^237\d{9}$/.test(digits)) terms.phone = digits;
  if (/^[A-Za-z0-9]{12}$/.test(raw)) terms.receiptCode = raw.toUpperCase();
  return terms;
}

/**
 * Conditions on `payments p`. The edition comes first: with the creation time it is the index
 * (edition_id, created_at, id) the list pages through.
 */
export function paymentConditions(
  filter: TrackingFilter,
  hashPhone: (phone: string) => string,
): SQL[] {
  const conditions: SQL[] = [sql`p.edition_id = ${filter.editionId}`];
  if (filter.provider) conditions.push(sql`p.provider = ${filter.provider}`);
  if (filter.status) conditions.push(sql`p.status = ${filter.status}`);
  if (filter.attempt === 'attempted')
    conditions.push(sql`p.status = 'pending' AND p.attempted_at IS NOT NULL`);
  if (filter.attempt === 'abandoned')
    conditions.push(sql`p.status = 'pending' AND p.attempted_at IS NULL`);
  if (filter.from) conditions.push(sql`p.created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) conditions.push(sql`p.created_at < ${filter.to.toISOString()}::timestamptz`);
  if (filter.flagged) {
    conditions.push(sql`p.id IN (SELECT f.payment_id FROM payment_flags f
      WHERE f.edition_id = ${filter.editionId} AND f.cleared_at IS NULL)`);
  }
  const s = filter.search;
  if (s) {
    const any: SQL[] = [];
    if (s.idRange) any.push(sql`p.id BETWEEN ${s.idRange[0]}::uuid AND ${s.idRange[1]}::uuid`);
    if (s.email) any.push(sql`p.voter_email = ${s.email}`);
    // Every payment with a phone stores its keyed hash, which is indexed; the plain column is not.
    if (s.phone) any.push(sql`p.phone_hash = ${hashPhone(s.phone)}`);
    if (s.receiptCode) any.push(sql`p.receipt_code = ${s.receiptCode}`);
    // Part of an e-mail typed from memory: a prefix match (the only search that scans).
    if (!s.email && !s.idRange && !s.phone && !s.receiptCode) {
      any.push(sql`p.voter_email LIKE ${`${s.raw.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`);
    }
    conditions.push(sql`(${sql.join(any, sql` OR `)})`);
  }
  return conditions;
}

/**
 * Conditions on the hourly stats `s`, or null when they cannot answer exactly: a search, the
 * flagged payments (the stats know nothing of flags), or a day
 * boundary that is not on a whole UTC hour (zones with half-hour offsets).
 */
export function statsConditions(filter: TrackingFilter): SQL[] | null {
  if (filter.search || filter.flagged) return null;
  if ((filter.from && filter.from.getTime() % HOUR) || (filter.to && filter.to.getTime() % HOUR))
    return null;
  // The stats' key starts with the edition.
  const conditions: SQL[] = [sql`s.edition_id = ${filter.editionId}`];
  if (filter.provider) conditions.push(sql`s.provider = ${filter.provider}`);
  if (filter.status) conditions.push(sql`s.status = ${filter.status}`);
  if (filter.attempt)
    conditions.push(sql`s.status = 'pending' AND s.attempted = ${filter.attempt === 'attempted'}`);
  if (filter.from) conditions.push(sql`s.hour >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) conditions.push(sql`s.hour < ${filter.to.toISOString()}::timestamptz`);
  return conditions;
}

export const whereClause = (conditions: SQL[]) =>
  conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
