import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import { rowsOf } from '#server/db/rows.js';
import { payments, receiptLookupCodes } from '#server/db/schema.js';
import { insertMessagesSql, type NewOutboxMessage } from '#server/outbox/outbox-store.js';
import {
  RECIPIENT_DAY_MS,
  recipientDaySql,
  smsBudgetLeftSql,
  type SmsBudget,
} from '#server/outbox/sms-budget.js';
import { lookupCodeTexts, type PhoneHasher } from '#server/payments/index.js';
import type { Language } from '#shared/limits.js';
import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import { CREDITED_STATUSES } from '#shared/schemas/payment.js';
import { LOOKUP_CODE_DIGITS } from '#shared/schemas/receipt.js';

/** Wrong codes a code survives: the next try, even the right one, is refused. */
export const LOOKUP_CODE_MAX_ATTEMPTS = 5;
/** The window of the per-recipient limit on codes asked for. */
export const LOOKUP_CODE_WINDOW_MS = 15 * 60_000;

/** Whose receipts: an e-mail address (lower-cased by its schema) or `237` + 9 digits. */
export type LookupContact = { email: string } | { phoneNumber: string };

/**
 * The keyed hashes the codes table keeps instead of the e-mail, the phone and the code: the same
 * HMAC key as the phone hashes (ADR 0015), each input under a prefix of its own so no hash of one
 * kind can be taken for another.
 */
export function lookupCodeHashes(hash: PhoneHasher) {
  return {
    recipient: (contact: LookupContact) =>
      'email' in contact
        ? hash(`lookup-recipient:email:${contact.email}`)
        : hash(`lookup-recipient:phone:${contact.phoneNumber}`),
    code: (recipientHash: string, code: string) => hash(`lookup-code:${recipientHash}:${code}`),
  };
}

export function newLookupCode(): string {
  return String(randomInt(0, 10 ** LOOKUP_CODE_DIGITS)).padStart(LOOKUP_CODE_DIGITS, '0');
}

/** The payments made with this contact, whatever their state. */
function paidWith(contact: LookupContact, hashPhone: PhoneHasher): SQL {
  return 'email' in contact
    ? eq(payments.voterEmail, contact.email)
    : eq(payments.phoneHash, hashPhone(contact.phoneNumber));
}

/** The payments whose receipts a lookup by this contact lists. */
function receiptsOf(contact: LookupContact, hashPhone: PhoneHasher): SQL {
  return and(inArray(payments.status, [...CREDITED_STATUSES]), paidWith(contact, hashPhone))!;
}

/** The code's message: an SMS to the phone in E.164, or an e-mail. */
function codeMessage(
  contact: LookupContact,
  language: Language,
  code: string,
  ttlSeconds: number,
  seals: LookupCodeSeals,
): NewOutboxMessage {
  const seal = seals['email' in contact ? 'email' : 'sms'];
  const texts = lookupCodeTexts(language, {
    code: seal ? seal(code) : code,
    minutes: Math.round(ttlSeconds / 60),
  });
  const common = { language, kind: 'lookup-code', paymentId: null };
  return 'email' in contact
    ? {
        ...common,
        channel: 'email',
        recipient: contact.email,
        subject: texts.email.subject,
        body: texts.email.text,
        html: texts.email.html,
      }
    : { ...common, channel: 'sms', recipient: `+${contact.phoneNumber}`, body: texts.sms };
}

/** How the code is written into its message, per channel (ctx.lookupCodeSeals). */
export type LookupCodeSeals = Partial<Record<MessageChannelKind, (code: string) => string>>;

export interface IssueLookupCode {
  contact: LookupContact;
  language: Language;
  hashPhone: PhoneHasher;
  ttlSeconds: number;
  /** Codes one recipient may be given per LOOKUP_CODE_WINDOW_MS. */
  perRecipient: number;
  smsBudget: SmsBudget;
  seals?: LookupCodeSeals;
}

/**
 * `queued`: the code went to the outbox (the recipient has receipts). `smsPaused`: the site's SMS
 * budget for the hour is spent, so a phone's code went by e-mail to the address its payment gave,
 * if any; it says nothing about the recipient, so every phone request is told.
 */
export type IssuedLookupCode =
  | { allowed: true; queued: boolean; smsPaused: boolean }
  | { allowed: false; limit: 'window' | 'day'; retryAfterSeconds: number };

/**
 * Issues a code for `contact` in one transaction of two statements, the same two whether or not
 * the contact has receipts (ADR 0061): a lock on the recipient, so concurrent requests
 * count each other, then one statement that counts the recipient's recent codes and, under the
 * limit, supersedes its older codes, stores the new one's hash, and writes the message to the
 * outbox only if the contact has a receipt. Whether it has one is decided inside the database and
 * changes no statement: an unknown recipient is given a code row nobody is sent.
 */
export async function issueLookupCode(db: Db, request: IssueLookupCode): Promise<IssuedLookupCode> {
  const byPhone = 'phoneNumber' in request.contact;
  // The app's clock, not the database's, so tests can drive expiry and the window (ADR 0061).
  const now = new Date();
  const hashes = lookupCodeHashes(request.hashPhone);
  const recipientHash = hashes.recipient(request.contact);
  const code = newLookupCode();
  const codeHash = hashes.code(recipientHash, code);
  const at = now.toISOString();
  const since = new Date(now.getTime() - LOOKUP_CODE_WINDOW_MS).toISOString();
  const dayAgo = new Date(now.getTime() - RECIPIENT_DAY_MS).toISOString();
  const expiresAt = new Date(now.getTime() + request.ttlSeconds * 1000).toISOString();
  const seals = request.seals ?? {};
  const message = codeMessage(request.contact, request.language, code, request.ttlSeconds, seals);
  // Past the site's SMS budget, a phone's code goes by e-mail to the newest address its
  // receipts give; the text is the e-mail one, the address is picked in the statement.
  const byEmail = codeMessage({ email: '' }, request.language, code, request.ttlSeconds, seals);
  const budget = request.smsBudget;

  const [row] = await db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.lookupCode}::int, hashtext(${recipientHash}))`,
    );
    return rowsOf<{
      in_window: boolean;
      in_day: boolean;
      oldest: string | null;
      oldest_today: string | null;
      sms_ok: boolean;
      queued: number;
    }>(
      await tx.execute(sql`
        WITH recent AS (
          SELECT count(*)::int AS n, min(created_at) AS oldest FROM ${receiptLookupCodes}
          WHERE recipient_hash = ${recipientHash} AND created_at > ${since}::timestamptz),
        today AS (${recipientDaySql(recipientHash, paidWith(request.contact, request.hashPhone), dayAgo)}),
        allowed AS (
          SELECT (SELECT n FROM recent) < ${request.perRecipient}::int AS in_window,
            (SELECT n FROM today) < ${budget.perRecipientPerDay}::int AS in_day),
        ok AS (SELECT in_window AND in_day AS ok FROM allowed),
        sms AS (SELECT ${byPhone ? smsBudgetLeftSql(budget) : sql`true`} AS ok),
        superseded AS (
          UPDATE ${receiptLookupCodes} SET superseded_at = ${at}::timestamptz
          WHERE recipient_hash = ${recipientHash} AND used_at IS NULL AND superseded_at IS NULL
            AND (SELECT ok FROM ok)),
        issued AS (
          INSERT INTO ${receiptLookupCodes} (recipient_hash, code_hash, expires_at, created_at)
          SELECT ${recipientHash}, ${codeHash}, ${expiresAt}::timestamptz, ${at}::timestamptz
          WHERE (SELECT ok FROM ok)
          RETURNING id),
        queued AS (
          ${insertMessagesSql([message])}
          WHERE EXISTS (SELECT 1 FROM issued) AND (SELECT ok FROM sms)
            AND EXISTS (SELECT 1 FROM ${payments} WHERE ${receiptsOf(request.contact, request.hashPhone)})
          RETURNING id),
        emailed AS (
          INSERT INTO outbox_messages (channel, recipient, language, kind, subject, body, html)
          SELECT 'email', p.voter_email, ${request.language}, 'lookup-code', ${byEmail.subject ?? null},
            ${byEmail.body}, ${byEmail.html ?? null}
          FROM ${payments} p
          WHERE ${byPhone ? sql`true` : sql`false`} AND NOT (SELECT ok FROM sms)
            AND EXISTS (SELECT 1 FROM issued) AND p.voter_email IS NOT NULL
            AND p.id = (SELECT id FROM ${payments}
              WHERE ${receiptsOf(request.contact, request.hashPhone)} AND voter_email IS NOT NULL
              ORDER BY created_at DESC LIMIT 1)
          RETURNING id)
        SELECT (SELECT in_window FROM allowed) AS in_window, (SELECT in_day FROM allowed) AS in_day,
          (SELECT oldest FROM recent) AS oldest, (SELECT oldest FROM today) AS oldest_today,
          (SELECT ok FROM sms) AS sms_ok,
          (SELECT count(*) FROM queued)::int + (SELECT count(*) FROM emailed)::int AS queued`),
    );
  });
  if (!row) throw new Error('issueLookupCode: the statement returned no row');
  if (row.in_window && row.in_day) {
    return { allowed: true, queued: row.queued > 0, smsPaused: !row.sms_ok };
  }
  const limit = row.in_window ? 'day' : 'window';
  const freeAt =
    limit === 'day'
      ? new Date(row.oldest_today ?? at).getTime() + RECIPIENT_DAY_MS
      : new Date(row.oldest ?? at).getTime() + LOOKUP_CODE_WINDOW_MS;
  return {
    allowed: false,
    limit,
    retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
  };
}

/**
 * Uses the recipient's newest code, in one statement: the right code, unexpired, unused, not
 * superseded and with tries left, is marked used and accepted; any other counts a wrong try
 * against that newest code. Two uses of one code at once: the second waits for the first's row
 * and, re-reading it, finds it used, so only one is accepted.
 */
export async function redeemLookupCode(
  db: Db,
  request: { contact: LookupContact; code: string; hashPhone: PhoneHasher },
): Promise<boolean> {
  const at = new Date().toISOString();
  const hashes = lookupCodeHashes(request.hashPhone);
  const recipientHash = hashes.recipient(request.contact);
  const codeHash = hashes.code(recipientHash, request.code);
  const rows = rowsOf<{ accepted: boolean }>(
    await db.execute(sql`
      WITH newest AS (
        SELECT id FROM ${receiptLookupCodes}
        WHERE recipient_hash = ${recipientHash} AND used_at IS NULL AND superseded_at IS NULL
        ORDER BY created_at DESC LIMIT 1)
      UPDATE ${receiptLookupCodes} c SET
        attempts = c.attempts + CASE WHEN c.code_hash = ${codeHash} THEN 0 ELSE 1 END,
        used_at = CASE WHEN c.code_hash = ${codeHash} THEN ${at}::timestamptz END
      FROM newest
      WHERE c.id = newest.id AND c.used_at IS NULL AND c.superseded_at IS NULL
        AND c.attempts < ${LOOKUP_CODE_MAX_ATTEMPTS}::int AND c.expires_at > ${at}::timestamptz
      RETURNING c.used_at IS NOT NULL AS accepted`),
  );
  return rows[0]?.accepted === true;
}

/**
 * Deletes the codes nothing reads any more: expired, and older than the per-recipient windows that
 * count them. What is left of a code is a keyed hash of a voter's contact, kept no longer than
 * the limit needs it. Returns how many went.
 */
export async function purgeSpentLookupCodes(db: Db, now = new Date()): Promise<number> {
  // The daily cap (outbox/sms-budget.ts) counts the rows of a day, the longer of the two windows.
  const windowStart = new Date(
    now.getTime() - Math.max(LOOKUP_CODE_WINDOW_MS, RECIPIENT_DAY_MS),
  ).toISOString();
  const result = await db.execute(sql`
    WITH gone AS (
      DELETE FROM ${receiptLookupCodes}
      WHERE expires_at < ${now.toISOString()}::timestamptz
        AND created_at < ${windowStart}::timestamptz
      RETURNING 1)
    SELECT count(*)::int AS count FROM gone`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}
