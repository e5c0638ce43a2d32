import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { payments } from '#server/db/schema.js';
import { recordAudit, type AuditActor } from '#server/features/audit/record-audit.js';
import { conflict, notFound, type HttpError } from '#server/http/http-error.js';
import { NO_RECEIPT_WITH_CODE } from '#server/features/receipts/receipt-code-texts.js';
import { lookupCodeHashes } from '#server/features/receipts/lookup-codes.js';
import type { MessageOutbox } from '#server/outbox/outbox-store.js';
import {
  RECIPIENT_DAY_MS,
  recipientDaySql,
  smsBudgetLeftSql,
  type SmsBudget,
} from '#server/outbox/sms-budget.js';
import {
  insertPaymentMessagesSql,
  type PhoneHasher,
  receiptMessages,
} from '#server/payments/index.js';
import type { Language } from '#shared/limits.js';
import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import type { PaymentMessage } from '#shared/schemas/payment-messages.js';

/** A payment's messages are few (a receipt, a notice or two, the resends): this bounds the rest. */
export const MESSAGES_SHOWN = 100;

/** Resends of one receipt an hour, by admins and by the voter, each counted apart. */
export const RESENDS_PER_HOUR = 3;

export const PAYMENT_NOT_FOUND = 'Payment not found';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** An unknown payment is a 404, not an empty list of messages. */
export async function paymentExists(db: Db, paymentId: string): Promise<boolean> {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return payment !== undefined;
}

/** Who asks for the receipt again: an admin (recorded in the audit trail) or the voter. */
export type ResendRequester = { by: 'admin'; actor: AuditActor } | { by: 'voter' };

/** Why a voter's resend left its SMS out (outbox/sms-budget.ts). */
export type SmsHeld = 'recipient-day' | 'site-budget';

export type ResendOutcome =
  /** `smsHeld`: the SMS was left out and only the e-mail went. */
  | { kind: 'sent'; messages: PaymentMessage[]; smsHeld?: SmsHeld }
  /** The hour's resends are used up; the next one is allowed in this many seconds. */
  | { kind: 'limited'; retryAfterSeconds: number }
  /** Only an SMS could go, and the number's day or the site's hour is used up. */
  | { kind: 'held'; reason: SmsHeld; retryAfterSeconds: number };

/** What refuses a resend, for an admin (English) or the voter (in their language). */
interface ResendRefusals {
  notFound: () => HttpError;
  noReceipt: (status: PaymentStatus) => HttpError;
  noAddress: () => HttpError;
}

const ADMIN_REFUSALS: ResendRefusals = {
  notFound: () => notFound(PAYMENT_NOT_FOUND),
  noReceipt: (status) =>
    conflict(
      `This payment is ${status}: only a payment whose votes still count has a receipt to send again`,
    ),
  noAddress: () =>
    conflict(
      'This payment has no address to send its receipt to: no e-mail, and no phone number or SMS turned off',
    ),
};

const VOTER_REFUSALS: ResendRefusals = {
  notFound: () => notFound(NO_RECEIPT_WITH_CODE),
  noReceipt: () =>
    conflict({
      en: 'This payment was refunded or disputed after its receipt: the receipt page shows where it stands now.',
      fr: 'Ce paiement a été remboursé ou contesté après son reçu : la page du reçu montre où il en est.',
    }),
  noAddress: () =>
    conflict({
      en: 'This receipt cannot be sent: the payment has no e-mail address, and no phone number that takes SMS.',
      fr: "Ce reçu ne peut pas être envoyé : le paiement n'a pas d'adresse e-mail, ni de numéro qui reçoive les SMS.",
    }),
};

interface LockedPayment {
  id: string;
  status: PaymentStatus;
  receipt_code: string | null;
  amount: number;
  currency: string;
  total_votes: number;
  language: Language;
  phone_number: string | null;
  voter_email: string | null;
  refunded_amount: number;
  counted: number;
}

/**
 * Writes a fresh copy of a completed payment's receipt to the outbox, addressed as the first
 * one was: an SMS to the number that paid, an e-mail to the address the payment holds (never to
 * one a request names), without the SMS when the organiser turned them off. One transaction
 * locks the payment (so two resends count each other, and a refund landing meanwhile is seen),
 * counts the hour's resends of this requester in the database (so the limit holds across
 * instances), writes the messages, the resend and, for an admin, the audit row.
 */
export async function resendReceipt(
  deps: {
    db: Db;
    outbox: MessageOutbox;
    hashPhone: PhoneHasher;
    config: { smsBudget: SmsBudget };
  },
  payment: { id: string } | { receiptCode: string },
  requester: ResendRequester,
): Promise<ResendOutcome> {
  const refusals = requester.by === 'admin' ? ADMIN_REFUSALS : VOTER_REFUSALS;
  const outcome = await deps.db.transaction(async (tx): Promise<ResendOutcome> => {
    const match =
      'id' in payment ? sql`id = ${payment.id}` : sql`receipt_code = ${payment.receiptCode}`;
    const [locked] = rowsOf<LockedPayment>(
      await tx.execute(sql`
        SELECT id, status, receipt_code, amount, currency, total_votes, language, phone_number,
          voter_email, refunded_amount,
          (SELECT COALESCE(SUM(v.counted), 0)::int FROM payment_votes v WHERE v.payment_id = p.id)
            AS counted
        FROM payments p WHERE ${match} FOR NO KEY UPDATE`),
    );
    if (!locked) throw refusals.notFound();
    // A partly refunded payment keeps a receipt for the votes its remaining money covers.
    const stillCounts =
      locked.status === 'completed' || (locked.status === 'refunded' && locked.counted > 0);
    if (!stillCounts || !locked.receipt_code) {
      throw refusals.noReceipt(locked.status);
    }
    const [used] = rowsOf<{ resends: number; retry_after: number | null }>(
      await tx.execute(sql`
        SELECT count(*)::int AS resends,
          ceil(extract(epoch from min(created_at) + interval '1 hour' - now()))::int AS retry_after
        FROM receipt_resends
        WHERE payment_id = ${locked.id} AND requested_by = ${requester.by}
          AND created_at > now() - interval '1 hour'`),
    );
    if (used && used.resends >= RESENDS_PER_HOUR) {
      return { kind: 'limited', retryAfterSeconds: Math.max(1, used.retry_after ?? 1) };
    }
    let messages = await receiptMessages(tx, deps.outbox, [
      {
        id: locked.id,
        language: locked.language,
        phoneNumber: locked.phone_number,
        voterEmail: locked.voter_email,
        receiptCode: locked.receipt_code,
        amount: locked.amount,
        currency: locked.currency,
        totalVotes: locked.total_votes,
        refundedAmount: locked.status === 'refunded' ? Number(locked.refunded_amount) : 0,
      },
    ]);
    if (messages.length === 0) throw refusals.noAddress();
    // A voter's resend may cost an SMS only within the number's day and the site's hour; an
    // admin's is the organiser's own choice and is not held.
    const sms = messages.find((m) => m.channel === 'sms');
    let smsHeld: SmsHeld | undefined;
    if (requester.by === 'voter' && sms && locked.phone_number) {
      const phone = locked.phone_number.replace(/^\+/, '');
      const held = await smsHold(tx, deps, phone);
      if (held) {
        smsHeld = held.reason;
        messages = messages.filter((m) => m !== sms);
        if (messages.length === 0) return { kind: 'held', ...held };
      }
    }
    const written = rowsOf<{
      id: string;
      channel: MessageChannelKind;
      kind: string;
      recipient: string;
      state: PaymentMessage['state'];
      delivery_status: PaymentMessage['deliveryStatus'];
      attempts: number;
      last_error: string | null;
      sent_at: Date | string | null;
      delivered_at: Date | string | null;
      created_at: Date | string;
    }>(
      await tx.execute(sql`${insertPaymentMessagesSql(messages)}
        RETURNING id, channel, kind, recipient, state, delivery_status, attempts, last_error,
          sent_at, delivered_at, created_at`),
    );
    // Only the SMS, and SMS are off: nothing went, so nothing counts.
    if (written.length === 0) throw refusals.noAddress();
    await tx.execute(sql`
      INSERT INTO receipt_resends (payment_id, requested_by) VALUES (${locked.id}, ${requester.by})`);
    if (requester.by === 'admin') {
      await recordAudit(tx, requester.actor, {
        action: 'payment.resend-receipt',
        entityType: 'payment',
        entityId: locked.id,
        before: null,
        after: { receiptCode: locked.receipt_code, channels: written.map((m) => m.channel) },
      });
    }
    return {
      kind: 'sent',
      ...(smsHeld ? { smsHeld } : {}),
      messages: written.map((row) => ({
        id: row.id,
        channel: row.channel,
        kind: row.kind,
        recipient: row.recipient,
        state: row.state,
        deliveryStatus: row.delivery_status,
        attempts: row.attempts,
        lastError: row.last_error,
        sentAt: iso(row.sent_at),
        deliveredAt: iso(row.delivered_at),
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  });
  if (outcome.kind === 'sent') deps.outbox.written();
  return outcome;
}

/**
 * Whether a voter's resend must leave its SMS out: the number had its day's codes and resends
 * (counted as the lookup codes count them, so both draw on one cap), or the site's SMS for the
 * hour are spent. Read in the resend's transaction, under its lock on the payment.
 */
async function smsHold(
  tx: Db,
  deps: { hashPhone: PhoneHasher; config: { smsBudget: SmsBudget } },
  phoneNumber: string,
): Promise<{ reason: SmsHeld; retryAfterSeconds: number } | undefined> {
  const budget = deps.config.smsBudget;
  const now = Date.now();
  const recipientHash = lookupCodeHashes(deps.hashPhone).recipient({ phoneNumber });
  const dayAgo = new Date(now - RECIPIENT_DAY_MS).toISOString();
  const [row] = rowsOf<{ n: number; oldest: string | Date | null; budget_left: boolean }>(
    await tx.execute(sql`
      WITH today AS (${recipientDaySql(
        recipientHash,
        sql`phone_hash = ${deps.hashPhone(phoneNumber)}`,
        dayAgo,
      )})
      SELECT n, oldest, ${smsBudgetLeftSql(budget)} AS budget_left FROM today`),
  );
  if (!row) return undefined;
  if (row.n >= budget.perRecipientPerDay) {
    const freeAt = new Date(row.oldest ?? now).getTime() + RECIPIENT_DAY_MS;
    return {
      reason: 'recipient-day',
      retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)),
    };
  }
  if (!row.budget_left) return { reason: 'site-budget', retryAfterSeconds: 15 * 60 };
  return undefined;
}
