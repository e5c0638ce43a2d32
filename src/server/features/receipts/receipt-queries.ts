import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { preparedQuery } from '#server/db/prepared-query.js';
import {
  artists,
  categories,
  editions,
  nominations,
  paymentVotes,
  payments,
} from '#server/db/schema.js';
import {
  CREDITED_STATUSES,
  creditedStatusSchema,
  type CreditedStatus,
  type PaymentStatus,
} from '#shared/schemas/payment.js';
import type { ReceiptDetail, ReceiptSummary } from '#shared/schemas/receipt.js';

/** Enough for anyone's history; bounds the answer for an address used by many voters. */
const LOOKUP_LIMIT = 100;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A receipt exists once the votes were counted, and stays when a refund or a dispute takes them
 * back: the voter then reads what happened on it.
 */
const credited = inArray(payments.status, [...CREDITED_STATUSES]);

/** Which edition a receipt belongs to, as the voter reads it beside the receipt. */
const editionColumns = { slug: editions.slug, name: editions.name, nameFr: editions.nameFr };

/** A receipt's payment and its vote lines: read by every receipt page, so built once each. */
const receiptPayment = preparedQuery((db) =>
  db
    .select({
      id: payments.id,
      receiptCode: payments.receiptCode,
      totalVotes: payments.totalVotes,
      amount: payments.amount,
      currency: payments.currency,
      provider: payments.provider,
      createdAt: payments.createdAt,
      settledAt: payments.settledAt,
      status: payments.status,
      refundedAmount: payments.refundedAmount,
      edition: editionColumns,
    })
    .from(payments)
    .innerJoin(editions, eq(editions.id, payments.editionId))
    .where(and(eq(payments.receiptCode, sql.placeholder('code')), credited)),
);
const receiptLines = preparedQuery((db) =>
  db
    .select({
      nominationId: paymentVotes.nominationId,
      voteCount: paymentVotes.voteCount,
      counted: paymentVotes.counted,
      categoryId: categories.id,
      categoryName: categories.name,
      categoryNameFr: categories.nameFr,
      artistId: artists.id,
      artistName: artists.name,
      artistNameFr: artists.nameFr,
      artistPhotoUrl: artists.photoUrl,
    })
    .from(paymentVotes)
    .innerJoin(nominations, eq(nominations.id, paymentVotes.nominationId))
    .innerJoin(categories, eq(categories.id, nominations.categoryId))
    .innerJoin(artists, eq(artists.id, nominations.artistId))
    .where(eq(paymentVotes.paymentId, sql.placeholder('paymentId')))
    .orderBy(categories.name),
);

export async function findReceipt(db: Db, receiptCode: string): Promise<ReceiptDetail | null> {
  const [payment] = await receiptPayment(db).execute({ code: receiptCode });
  if (!payment?.receiptCode) return null;
  const status = creditedStatus(payment.status);
  if (!status) return null;

  const lines = await receiptLines(db).execute({ paymentId: payment.id });
  const first = lines[0];
  if (!first) return null;

  return {
    payment: {
      id: payment.id,
      receiptCode: payment.receiptCode,
      totalVotes: payment.totalVotes,
      amount: payment.amount,
      currency: payment.currency,
      provider: payment.provider,
      createdAt: iso(payment.createdAt),
      settledAt: payment.settledAt ? iso(payment.settledAt) : null,
      status,
      refundedAmount: payment.refundedAmount,
      countedVotes: lines.reduce((sum, l) => sum + l.counted, 0),
    },
    edition: payment.edition,
    // Checkout takes votes for one artist per payment.
    artist: {
      id: first.artistId,
      name: first.artistName,
      nameFr: first.artistNameFr,
      photoUrl: first.artistPhotoUrl,
    },
    votesByCategory: lines.map((l) => ({
      nominationId: l.nominationId,
      categoryId: l.categoryId,
      categoryName: l.categoryName,
      categoryNameFr: l.categoryNameFr,
      voteCount: l.voteCount,
      countedVotes: l.counted,
    })),
  };
}

export async function lookupReceipts(
  db: Db,
  by: { email: string } | { phoneHash: string },
): Promise<ReceiptSummary[]> {
  const rows = await db
    .select({
      receiptCode: payments.receiptCode,
      createdAt: payments.createdAt,
      provider: payments.provider,
      totalVotes: payments.totalVotes,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      refundedAmount: payments.refundedAmount,
      edition: editionColumns,
    })
    .from(payments)
    .innerJoin(editions, eq(editions.id, payments.editionId))
    .where(
      and(
        credited,
        'email' in by ? eq(payments.voterEmail, by.email) : eq(payments.phoneHash, by.phoneHash),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(LOOKUP_LIMIT);
  return rows.flatMap((r) => {
    const status = creditedStatus(r.status);
    if (r.receiptCode === null || !status) return [];
    return [
      {
        receiptCode: r.receiptCode,
        edition: r.edition,
        createdAt: iso(r.createdAt),
        provider: r.provider,
        totalVotes: r.totalVotes,
        amount: r.amount,
        currency: r.currency,
        status,
        refundedAmount: r.refundedAmount,
      },
    ];
  });
}

/** The status as a receipt shows it; null for a payment that has no receipt (never credited). */
function creditedStatus(status: PaymentStatus): CreditedStatus | null {
  const parsed = creditedStatusSchema.safeParse(status);
  return parsed.success ? parsed.data : null;
}
