import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.js';
import type { Db } from '#server/db/client.js';
import { paymentVotes, payments } from '#server/db/schema.js';
import { assertVotingOpen } from '#server/features/event/voting-window.js';
import type { VoterText } from '#server/http/voter-text.js';
import { paymentRecordColumns, type CardProvider } from '#server/payments/index.js';
import type { DeviceInfo, NominationVote } from '#shared/schemas/payment.js';

/**
 * How long a change may hold a payment. Longer than the Stripe SDK's worst case for one update
 * (three 15 s tries and their back-off), so a change that is still talking to Stripe never loses
 * it; short enough that a change whose process died frees the payment within minutes.
 */
const AMOUNT_CHANGE_LEASE_SECONDS = 120;

export const AMOUNT_CHANGE_BUSY: VoterText = {
  en: 'Your previous change to this payment is still being saved. Try again in a moment.',
  fr: 'Votre modification précédente de ce paiement est encore en cours. Réessayez dans un instant.',
};

export interface CardDraft {
  /** The edition of the nominations voted for: a payment never moves to another edition. */
  editionId: number;
  votes: readonly NominationVote[];
  totalVotes: number;
  /** The edition's price per vote in cents now: a changed split is made at today's price. */
  unitPrice: number;
  amount: number;
  voterEmail: string | null;
  deviceInfo: DeviceInfo;
}

export type AmountChangeReservation =
  | { kind: 'reserved'; token: string; intentId: string }
  /** Unknown, settled, or not this provider's card payment: a new payment is made instead. */
  | { kind: 'unusable' }
  /** Another change of this payment is talking to the provider. */
  | { kind: 'busy' };

/**
 * First step of a card amount change, in a short transaction that makes no provider call: checks
 * that the payment can still change and takes the payment's change lease. The provider is asked
 * only after this commits, so a slow provider holds no row lock (ADR 0047).
 */
export async function reserveAmountChange(
  ctx: Pick<AppContext, 'db'>,
  provider: CardProvider,
  paymentId: string,
  editionId: number,
): Promise<AmountChangeReservation> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        ...paymentRecordColumns,
        status: payments.status,
        editionId: payments.editionId,
        // The database's clock, the one that set the lease.
        changing: sql<boolean>`COALESCE(${payments.amountChangeUntil} > now(), false)`,
      })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (
      !current ||
      current.status !== 'pending' ||
      current.editionId !== editionId ||
      current.provider !== 'stripe' ||
      !current.providerRef ||
      !provider.owns({ ...current, provider: 'stripe' })
    ) {
      return { kind: 'unusable' } as const;
    }
    // The split of a payment may change only while voting is open; refused, not replaced.
    await assertVotingOpen(tx, editionId);
    if (current.changing) return { kind: 'busy' } as const;
    const token = randomUUID();
    await tx
      .update(payments)
      .set({
        amountChangeId: token,
        amountChangeUntil: sql`now() + make_interval(secs => ${AMOUNT_CHANGE_LEASE_SECONDS})`,
      })
      .where(eq(payments.id, paymentId));
    return { kind: 'reserved', token, intentId: current.providerRef } as const;
  });
}

/**
 * Last step, once the provider has taken the new amount: the payment gets the new amount and
 * split, and gives the lease back, in one transaction. Conditional on the payment still being
 * pending under this change's lease; false when it is not (settled meanwhile, or the lease lapsed
 * and another change took it), and then nothing is written.
 */
export async function applyAmountChange(
  db: Db,
  paymentId: string,
  token: string,
  draft: CardDraft,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The UPDATE comes first: it locks the row, so a settlement of this payment (which locks it
    // too) reads either the old amount and split or the new ones, never a mix.
    const [row] = await tx
      .update(payments)
      .set({
        unitPrice: draft.unitPrice,
        amount: draft.amount,
        totalVotes: draft.totalVotes,
        ...(draft.voterEmail ? { voterEmail: draft.voterEmail } : {}),
        ...(draft.deviceInfo?.deviceTimestamp
          ? { deviceTimestamp: draft.deviceInfo.deviceTimestamp }
          : {}),
        amountChangeId: null,
        amountChangeUntil: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.editionId, draft.editionId),
          eq(payments.status, 'pending'),
          eq(payments.amountChangeId, token),
        ),
      )
      .returning({ id: payments.id });
    if (!row) return false;
    await tx.delete(paymentVotes).where(eq(paymentVotes.paymentId, paymentId));
    await tx.insert(paymentVotes).values(
      draft.votes.map((v) => ({
        paymentId,
        nominationId: v.nominationId,
        voteCount: v.voteCount,
      })),
    );
    return true;
  });
}

/** Gives the lease back after the provider refused or failed the change; the payment is as it was. */
export async function releaseAmountChange(db: Db, paymentId: string, token: string): Promise<void> {
  await db
    .update(payments)
    .set({ amountChangeId: null, amountChangeUntil: null })
    .where(and(eq(payments.id, paymentId), eq(payments.amountChangeId, token)));
}
