import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { artists, categories, nominations, paymentVotes, payments } from '#server/db/schema.js';
import type { ReceiptDetail, ReceiptSummary } from '#shared/schemas/receipt.js';

/** Enough for anyone's history; bounds the answer for an address used by many voters. */
const LOOKUP_LIMIT = 100;

const iso = (value: Date | string) => new Date(value).toISOString();

/** Completed payments only: a receipt exists once the votes are counted. */
export async function findReceipt(db: Db, receiptCode: string): Promise<ReceiptDetail | null> {
  const [payment] = await db
    .select({
      id: payments.id,
      receiptCode: payments.receiptCode,
      totalVotes: payments.totalVotes,
      amount: payments.amount,
      currency: payments.currency,
      provider: payments.provider,
      createdAt: payments.createdAt,
      settledAt: payments.settledAt,
    })
    .from(payments)
    .where(and(eq(payments.receiptCode, receiptCode), eq(payments.status, 'completed')));
  if (!payment?.receiptCode) return null;

  const lines = await db
    .select({
      nominationId: paymentVotes.nominationId,
      voteCount: paymentVotes.voteCount,
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
    .where(eq(paymentVotes.paymentId, payment.id))
    .orderBy(categories.name);
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
    },
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
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'completed'),
        'email' in by ? eq(payments.voterEmail, by.email) : eq(payments.phoneHash, by.phoneHash),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(LOOKUP_LIMIT);
  return rows
    .filter((r): r is typeof r & { receiptCode: string } => r.receiptCode !== null)
    .map((r) => ({
      receiptCode: r.receiptCode,
      createdAt: iso(r.createdAt),
      provider: r.provider,
      totalVotes: r.totalVotes,
      amount: r.amount,
      currency: r.currency,
    }));
}
