import type { Db } from '#server/db/client.js';
import { assertVotingOpen } from '#server/features/event/voting-window.js';
import { paymentVotes, payments } from '#server/db/schema.js';
import type { Currency, Provider } from '#shared/money.js';
import type { DeviceInfo, NominationVote } from '#shared/schemas/payment.js';

export interface NewPayment {
  provider: Provider;
  currency: Currency;
  amount: number;
  totalVotes: number;
  votes: readonly NominationVote[];
  voterEmail: string | null;
  phoneNumber?: string | null;
  phoneHash?: string | null;
  deviceInfo: DeviceInfo;
  ipAddress: string;
  attemptedAt?: Date | null;
}

/**
 * A pending payment and its vote lines, together or not at all; 409 outside the voting window.
 * The window is read in the same transaction, whose clock also stamps the payment's created_at.
 */
export async function insertPendingPayment(db: Db, input: NewPayment): Promise<string> {
  return db.transaction(async (tx) => {
    await assertVotingOpen(tx);
    const [row] = await tx
      .insert(payments)
      .values({
        provider: input.provider,
        currency: input.currency,
        amount: input.amount,
        totalVotes: input.totalVotes,
        status: 'pending',
        voterEmail: input.voterEmail,
        phoneNumber: input.phoneNumber ?? null,
        phoneHash: input.phoneHash ?? null,
        deviceTimestamp: input.deviceInfo?.deviceTimestamp ?? null,
        userAgent: input.deviceInfo?.userAgent ?? null,
        ipAddress: input.ipAddress.slice(0, 64),
        attemptedAt: input.attemptedAt ?? null,
      })
      .returning({ id: payments.id });
    const paymentId = row!.id;
    await tx.insert(paymentVotes).values(
      input.votes.map((v) => ({
        paymentId,
        nominationId: v.nominationId,
        voteCount: v.voteCount,
      })),
    );
    return paymentId;
  });
}
