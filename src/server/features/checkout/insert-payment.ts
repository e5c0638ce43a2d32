import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { editions } from '#server/db/schema.js';
import { refuseUnlessOpen, statusByDatabaseClock } from '#server/features/event/voting-window.js';
import type { EventStatus } from '#shared/schemas/event.js';
import type { Language } from '#shared/limits.js';
import type { Currency, Provider } from '#shared/money.js';
import type { DeviceInfo, NominationVote } from '#shared/schemas/payment.js';

export interface NewPayment {
  /** The edition of every nomination voted for (assertVotable). */
  editionId: number;
  provider: Provider;
  currency: Currency;
  /** The edition's price per vote in `currency`, which `amount` was computed at. */
  unitPrice: number;
  amount: number;
  totalVotes: number;
  votes: readonly NominationVote[];
  voterEmail: string | null;
  phoneNumber?: string | null;
  phoneHash?: string | null;
  deviceInfo: DeviceInfo;
  ipAddress: string;
  attemptedAt?: Date | null;
  /** The site language of the request: the voter's receipt is written in it. */
  language: Language;
}

/**
 * A pending payment and its vote lines, together or not at all; 409 outside the edition's voting
 * window (or once it is archived). One statement: it reads the window by the database's clock, the same instant that stamps the
 * payment's created_at, and inserts nothing unless voting is open. One round trip instead of a
 * transaction's five keeps a pooled connection for the shortest time when payments pour in.
 */
export async function insertPendingPayment(db: Db, input: NewPayment): Promise<string> {
  const paymentId = randomUUID();
  const votes = JSON.stringify(
    input.votes.map((v) => ({ nomination_id: v.nominationId, vote_count: v.voteCount })),
  );
  const [row] = rowsOf<{ status: EventStatus }>(
    await db.execute(sql`
      WITH w AS (
        SELECT COALESCE((SELECT ${statusByDatabaseClock} FROM ${editions}
          WHERE ${editions.id} = ${input.editionId}), 'closed') AS status),
      p AS (
        INSERT INTO payments (id, edition_id, provider, currency, unit_price, amount, total_votes,
          status, voter_email, phone_number, phone_hash, device_timestamp, user_agent, ip_address,
          attempted_at, language)
        SELECT ${paymentId}::uuid, ${input.editionId}, ${input.provider}, ${input.currency},
          ${input.unitPrice}, ${input.amount}, ${input.totalVotes}, 'pending', ${input.voterEmail}, ${input.phoneNumber ?? null},
          ${input.phoneHash ?? null}, ${input.deviceInfo?.deviceTimestamp ?? null},
          ${input.deviceInfo?.userAgent ?? null}, ${input.ipAddress.slice(0, 64)},
          ${input.attemptedAt?.toISOString() ?? null}::timestamptz, ${input.language}
        FROM w WHERE w.status = 'open'
        RETURNING id),
      v AS (
        INSERT INTO payment_votes (payment_id, nomination_id, vote_count)
        SELECT p.id, x.nomination_id, x.vote_count
        FROM p, jsonb_to_recordset(${votes}::jsonb) AS x(nomination_id uuid, vote_count int))
      SELECT status FROM w`),
  );
  refuseUnlessOpen(row!.status);
  return paymentId;
}
