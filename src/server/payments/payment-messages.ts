import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { uuidList } from '#server/db/uuid-list.js';
import {
  insertMessagesSql,
  type MessageOutbox,
  type NewOutboxMessage,
} from '#server/outbox/outbox-store.js';
import type { Language } from '#shared/limits.js';
import {
  disputeTexts,
  receiptLink,
  receiptTexts,
  refundTexts,
  type MessageTexts,
} from './payment-message-texts.js';

/** How a payment's voter can be reached, as the payment row holds it. */
export interface PaymentContact {
  id: string;
  language: Language;
  /** `237` + 9 digits for mobile money; null for a card. */
  phoneNumber: string | null;
  voterEmail: string | null;
}

/**
 * The INSERT of a payment's messages (receipts, notices, resends), without the SMS when the
 * organiser turned them off for the payment's edition (`editions.sms_receipts`). The setting is read by the statement that
 * writes the messages: no round trip more, and a switch turned off a moment ago holds on every
 * instance at once, where a cached copy could send SMS for a while after.
 */
export function insertPaymentMessagesSql(messages: readonly NewOutboxMessage[]): SQL {
  return insertMessagesSql(messages, sql`(m.channel <> 'sms' OR COALESCE(e.sms_receipts, true))`);
}

/** One SMS when the payment has a phone number, one e-mail when it has an address. */
function addressed(contact: PaymentContact, kind: string, texts: MessageTexts): NewOutboxMessage[] {
  const messages: NewOutboxMessage[] = [];
  const common = { language: contact.language, kind, paymentId: contact.id };
  if (contact.phoneNumber) {
    messages.push({
      ...common,
      channel: 'sms',
      recipient: `+${contact.phoneNumber.replace(/^\+/, '')}`,
      body: texts.sms,
    });
  }
  if (contact.voterEmail) {
    messages.push({
      ...common,
      channel: 'email',
      recipient: contact.voterEmail,
      subject: texts.email.subject,
      body: texts.email.text,
      html: texts.email.html,
    });
  }
  return messages;
}

export interface CompletedPayment extends PaymentContact {
  receiptCode: string;
  amount: number;
  currency: string;
  totalVotes: number;
  /**
   * Returned so far: a receipt sent again after a partial refund counts the votes still counted
   * (`payment_votes.counted`) and says what went back. Absent or 0 at settlement.
   */
  refundedAmount?: number;
}

/**
 * The receipts of payments a settlement is completing, read and written in its transaction (so
 * after an order was cut down to what its money paid for). One query for every payment: its
 * votes per category, each category named in the payment's language.
 */
export async function receiptMessages(
  tx: Db,
  outbox: MessageOutbox,
  completed: readonly CompletedPayment[],
): Promise<NewOutboxMessage[]> {
  const reachable = completed.filter((p) => p.phoneNumber || p.voterEmail);
  if (reachable.length === 0) return [];
  const lines = rowsOf<{
    payment_id: string;
    name: string;
    name_fr: string | null;
    votes: number;
    counted: number;
  }>(
    await tx.execute(sql`
      SELECT v.payment_id, c.name, c.name_fr, SUM(v.vote_count)::int AS votes,
        SUM(v.counted)::int AS counted
      FROM payment_votes v
      JOIN nominations n ON n.id = v.nomination_id
      JOIN categories c ON c.id = n.category_id
      WHERE v.payment_id = ANY(${uuidList(reachable.map((p) => p.id))})
        AND v.vote_count > 0
      GROUP BY v.payment_id, c.id, c.name, c.name_fr
      ORDER BY v.payment_id, votes DESC, c.name`),
  );
  return reachable.flatMap((payment) => {
    const refunded = payment.refundedAmount ?? 0;
    const categories = lines
      .filter((line) => line.payment_id === payment.id)
      .map((line) => ({
        category: payment.language === 'fr' ? (line.name_fr ?? line.name) : line.name,
        votes: refunded > 0 ? Number(line.counted) : line.votes,
      }))
      .filter((line) => line.votes > 0);
    const texts = receiptTexts(payment.language, {
      receiptCode: payment.receiptCode,
      amount: payment.amount,
      currency: payment.currency,
      totalVotes:
        refunded > 0 ? categories.reduce((sum, line) => sum + line.votes, 0) : payment.totalVotes,
      refunded,
      categories,
      link: receiptLink(outbox.publicUrl, payment.receiptCode),
    });
    return addressed(payment, 'receipt', texts);
  });
}

export interface RevisedPayment extends PaymentContact {
  receiptCode: string | null;
  amount: number;
  currency: string;
  before: { status: string; refundedAmount: number };
  after: { status: string; refundedAmount: number; countedVotes: number };
}

/**
 * What a refund or a dispute tells the voter: money returned (every time the total returned
 * grows, so a second partial refund is told too), or a dispute opened. A dispute that changes
 * state while open, or ends, is not told: the bank tells the card holder itself.
 */
export function revisionMessages(
  outbox: MessageOutbox,
  payment: RevisedPayment,
): NewOutboxMessage[] {
  const link = payment.receiptCode ? receiptLink(outbox.publicUrl, payment.receiptCode) : null;
  if (payment.after.refundedAmount > payment.before.refundedAmount) {
    return addressed(
      payment,
      'refund',
      refundTexts(payment.language, {
        receiptCode: payment.receiptCode,
        refunded: payment.after.refundedAmount,
        amount: payment.amount,
        currency: payment.currency,
        countedVotes: payment.after.countedVotes,
        link,
      }),
    );
  }
  if (payment.after.status === 'disputed' && payment.before.status !== 'disputed') {
    return addressed(
      payment,
      'dispute',
      disputeTexts(payment.language, {
        receiptCode: payment.receiptCode,
        amount: payment.amount,
        currency: payment.currency,
        link,
      }),
    );
  }
  return [];
}
