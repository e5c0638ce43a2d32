import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { outboxMessages } from '#server/db/schema.js';
import type { Language } from '#shared/limits.js';
import { uuidSchema } from '#shared/schemas/ids.js';
import { LOOKUP_CODE_DIGITS } from '#shared/schemas/receipt.js';
import type {
  DeliveryStatus,
  MessageChannelKind,
  OutboxQuery,
  OutboxResponse,
  OutboxState,
} from '#shared/schemas/outbox.js';
import type { OutgoingMessage, SentMessage } from './message-channel.js';
import { SEALED_CODE_PATTERN } from './sealed-code.js';

/** A message to put in the outbox, written and addressed (see payments/payment-messages.ts). */
export interface NewOutboxMessage {
  channel: MessageChannelKind;
  recipient: string;
  language: Language;
  /** What it is about: `receipt`, `refund`, `dispute`, `lookup-code`. */
  kind: string;
  paymentId?: string | null;
  subject?: string | null;
  body: string;
  html?: string | null;
}

/**
 * What a transaction that writes messages needs of the outbox: where the links in them point, and
 * a way to say, once it committed, that there is something to deliver (the worker then runs at
 * once instead of at its next tick). The app's OutboxWorker is one.
 */
export interface MessageOutbox {
  /** The site's public origin, without a trailing slash: receipt links start with it. */
  readonly publicUrl: string;
  /** Called after a commit that wrote messages. Never throws, never waits. */
  written(): void;
}

const asRecordset = (messages: readonly NewOutboxMessage[]) =>
  JSON.stringify(
    messages.map((m) => ({
      channel: m.channel,
      recipient: m.recipient,
      language: m.language,
      kind: m.kind,
      payment_id: m.paymentId ?? null,
      subject: m.subject ?? null,
      body: m.body,
      html: m.html ?? null,
    })),
  );

/**
 * The INSERT of `messages`, as a statement or as a step of a larger one (`WITH queued AS (…)`),
 * so a settlement writes its messages in the statement that moves the payment. A message about a
 * payment belongs to the payment's edition (`e`, joined for `only`); `only`, a condition on the
 * message (`m.channel`…) or its edition, leaves out those it does not hold for.
 */
export function insertMessagesSql(messages: readonly NewOutboxMessage[], only?: SQL): SQL {
  return sql`INSERT INTO outbox_messages (edition_id, channel, recipient, language, kind, payment_id, subject, body, html)
    SELECT e.id, m.channel, m.recipient, m.language, m.kind, m.payment_id, m.subject, m.body, m.html
    FROM jsonb_to_recordset(${asRecordset(messages)}::jsonb) AS m(channel text, recipient text,
      language text, kind text, payment_id uuid, subject text, body text, html text)
    LEFT JOIN payments p ON p.id = m.payment_id
    LEFT JOIN editions e ON e.id = p.edition_id
    ${only ? sql`WHERE ${only}` : sql``}`;
}

/**
 * Puts messages in the outbox. Call it with the transaction of the change the messages tell of
 * (they then exist exactly when the change does), and call the outbox's `written()` after the
 * commit.
 */
export async function queueMessages(tx: Db, messages: readonly NewOutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx.execute(insertMessagesSql(messages));
}

/** A message a worker holds until `leaseId`'s lease ends. */
export interface ClaimedMessage extends OutgoingMessage {
  leaseId: string;
  /** This attempt's number, 1 for the first. */
  attempts: number;
}

/**
 * Takes up to `limit` messages due now for `leaseMs`: each gets a lease (`locked_until`) and an
 * attempt more. SKIP LOCKED lets two workers claim at once without waiting for each other or taking
 * the same row; the lease keeps a claimed message from being claimed again until it ends, which
 * it does on its own when the worker that holds it dies. Times are the database's, so instances'
 * clocks need not agree.
 */
export async function claimDueMessages(
  db: Db,
  options: { limit: number; leaseMs: number; skipChannels?: readonly MessageChannelKind[] },
): Promise<ClaimedMessage[]> {
  const leaseId = randomUUID();
  const skip = options.skipChannels?.length
    ? sql`AND channel <> ALL(string_to_array(${options.skipChannels.join(',')}, ','))`
    : sql``;
  const rows = rowsOf<Omit<ClaimedMessage, 'leaseId'>>(
    await db.execute(sql`
      WITH due AS (
        SELECT id FROM outbox_messages
        WHERE state = 'pending' AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until <= now()) ${skip}
        ORDER BY next_attempt_at
        LIMIT ${options.limit}
        FOR UPDATE SKIP LOCKED)
      UPDATE outbox_messages o
      SET locked_until = now() + make_interval(secs => ${options.leaseMs / 1000}),
        lease_id = ${leaseId}, attempts = o.attempts + 1, updated_at = now()
      FROM due WHERE o.id = due.id
      RETURNING o.id, o.channel, o.recipient, o.language, o.kind, o.subject, o.body, o.html,
        o.attempts`),
  );
  return rows.map((row) => ({ ...row, leaseId }));
}

/**
 * Each mark applies only while the worker still holds its lease: a worker that outlived its lease
 * (and whose message another claimed) cannot overwrite what the other recorded.
 */
const held = (message: ClaimedMessage) => sql`id = ${message.id} AND lease_id = ${message.leaseId}`;

/**
 * A lookup code opens a voter's receipts while it lives, and the codes table keeps only its hash.
 * Sent through a gateway, it waits in the outbox sealed (sealed-code.ts); once a gateway has taken
 * its message, or never will, the outbox has no more use for it, so the code, sealed or in
 * digits, is masked in the subject, text and HTML. The sandbox keeps the digits: with no gateway,
 * an admin reading the outbox is how the code reaches whoever tries the flow.
 */
const CODE_PATTERN = `\\m[0-9]{${LOOKUP_CODE_DIGITS}}\\M|${SEALED_CODE_PATTERN}`;
const CODE_MASK = '•'.repeat(LOOKUP_CODE_DIGITS);
const withoutCode = (column: SQL) =>
  sql`CASE WHEN kind = 'lookup-code' THEN regexp_replace(${column}, ${CODE_PATTERN}, ${CODE_MASK}, 'g') ELSE ${column} END`;
const maskCodes = sql`subject = ${withoutCode(sql`subject`)}, body = ${withoutCode(sql`body`)},
  html = ${withoutCode(sql`html`)},`;

/** The gateway took the message (`sent`), or the sandbox kept it (`sandbox`). */
export async function markDelivered(
  db: Db,
  message: ClaimedMessage,
  state: Extract<OutboxState, 'sent' | 'sandbox'>,
  sent: SentMessage,
): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE outbox_messages SET ${state === 'sent' ? maskCodes : sql``}
      state = ${state}, gateway_message_id = ${sent.gatewayMessageId.slice(0, 255)},
      cost_amount = ${sent.cost?.amount ?? null}, cost_currency = ${sent.cost?.currency ?? null},
      sent_at = now(), last_error = NULL, locked_until = NULL, lease_id = NULL, updated_at = now()
    WHERE ${held(message)} RETURNING id`);
  return rowsOf(result).length > 0;
}

/**
 * Another attempt in `delayMs`. `countAttempt: false` gives back the attempt the claim counted
 * (the gateway asked us to slow down, or the message was never sent), so it does not bring the
 * message nearer to `failed`.
 */
export async function markRetry(
  db: Db,
  message: ClaimedMessage,
  delayMs: number,
  error: string | null,
  countAttempt = true,
): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE outbox_messages SET next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}),
      attempts = attempts - ${countAttempt ? 0 : 1}, last_error = COALESCE(${error}, last_error),
      locked_until = NULL, lease_id = NULL, updated_at = now()
    WHERE ${held(message)} RETURNING id`);
  return rowsOf(result).length > 0;
}

/** No further attempt: the gateway refused the message for good, or every attempt failed. */
export async function markFailed(db: Db, message: ClaimedMessage, error: string): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE outbox_messages SET ${maskCodes} state = 'failed', last_error = ${error},
      locked_until = NULL, lease_id = NULL, updated_at = now()
    WHERE ${held(message)} RETURNING id`);
  return rowsOf(result).length > 0;
}

/** A gateway's delivery report about one SMS, read into our terms. */
export interface DeliveryReport {
  /** How the report names the message: by our id (Orange's callbackData) or the gateway's id. */
  message: { id: string } | { gatewayMessageId: string };
  status: DeliveryStatus;
  /** The gateway's own words (status, failure reason), kept for support. */
  detail: string;
}

/**
 * `recorded`: the message moved on. `unchanged`: it had already gone as far (a repeated or late
 * report). `unknown`: no SMS of ours has that id.
 */
export type DeliveryReportOutcome = 'recorded' | 'unchanged' | 'unknown';

/** How far each status is along the way; a report never takes a message back. */
const deliveryRank = (column: SQL) =>
  sql`(CASE ${column} WHEN 'submitted' THEN 1 WHEN 'delivered' THEN 2 WHEN 'undeliverable' THEN 2 ELSE 0 END)`;

/**
 * Records a delivery report. Reports come late, repeat and cross each other, so one applies only
 * when it takes the message further: `submitted` after nothing, `delivered` or `undeliverable`
 * after anything less final. The first final word stays (a phone that got the text got it). The
 * report may arrive before the worker recorded the send; it is kept all the same, since the worker
 * writes neither of these columns.
 */
export async function recordDeliveryReport(
  db: Db,
  report: DeliveryReport,
): Promise<DeliveryReportOutcome> {
  // An id that is no UUID names none of ours (and would be an error to compare with one).
  if ('id' in report.message && !uuidSchema.safeParse(report.message.id).success) return 'unknown';
  const match =
    'id' in report.message
      ? sql`id = ${report.message.id}`
      : sql`gateway_message_id = ${report.message.gatewayMessageId}`;
  const [row] = rowsOf<{ known: number; moved: number }>(
    await db.execute(sql`
      WITH target AS (
        SELECT id FROM outbox_messages WHERE channel = 'sms' AND ${match} LIMIT 1),
      moved AS (
        UPDATE outbox_messages o
        SET delivery_status = ${report.status}, delivery_detail = ${report.detail.slice(0, 255)},
          delivered_at = CASE WHEN ${report.status} = 'delivered' THEN now() ELSE o.delivered_at END,
          delivery_reported_at = now(), updated_at = now()
        FROM target
        WHERE o.id = target.id
          AND ${deliveryRank(sql`o.delivery_status`)} < ${deliveryRank(sql`${report.status}`)}
        RETURNING o.id)
      SELECT (SELECT count(*) FROM target)::int AS known, (SELECT count(*) FROM moved)::int AS moved`),
  );
  if (!row?.known) return 'unknown';
  return row.moved ? 'recorded' : 'unchanged';
}

/**
 * One page of the outbox for an admin, newest first. `scope` is which messages the reader may see
 * at all, beside the query's filters: an edition's, as the two sets messagesOfEdition names. Each
 * set is paged and counted on its own, through its own index, and the answers are merged.
 */
export async function listOutbox(
  db: Db,
  query: Omit<OutboxQuery, 'edition'>,
  scope?: readonly [SQL, SQL],
): Promise<Omit<OutboxResponse, 'smsBudget'>> {
  const filters = [
    query.paymentId ? eq(outboxMessages.paymentId, query.paymentId) : undefined,
    query.state ? eq(outboxMessages.state, query.state) : undefined,
    query.channel ? eq(outboxMessages.channel, query.channel) : undefined,
  ];
  const offset = (query.page - 1) * query.limit;
  // Fresh each time: a set operation rewrites the columns of its own ORDER BY in place.
  const newestFirst = () => [desc(outboxMessages.createdAt), desc(outboxMessages.id)];
  const newest = (where: SQL | undefined) =>
    db
      .select()
      .from(outboxMessages)
      .where(where)
      .orderBy(...newestFirst());
  const countOf = async (where: SQL | undefined) => {
    const [row] = await db.select({ n: count() }).from(outboxMessages).where(where);
    return row?.n ?? 0;
  };
  const sets = scope?.map((set) => and(set, ...filters)) ?? [and(...filters)];
  const [rows, ...totals] = await Promise.all([
    scope
      ? // Each set's newest messages down to the end of the page, then the page of them all.
        unionAll(
          newest(sets[0]).limit(offset + query.limit),
          newest(sets[1]).limit(offset + query.limit),
        )
          .orderBy(...newestFirst())
          .limit(query.limit)
          .offset(offset)
      : newest(sets[0]).limit(query.limit).offset(offset),
    ...sets.map(countOf),
  ]);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      recipient: row.recipient,
      language: row.language,
      kind: row.kind,
      paymentId: row.paymentId,
      subject: row.subject,
      body: row.body,
      html: row.html,
      state: row.state,
      attempts: row.attempts,
      nextAttemptAt: row.nextAttemptAt.toISOString(),
      lastError: row.lastError,
      gatewayMessageId: row.gatewayMessageId,
      sentAt: row.sentAt?.toISOString() ?? null,
      deliveryStatus: row.deliveryStatus,
      deliveryDetail: row.deliveryDetail,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totals.reduce((sum, n) => sum + n, 0),
    page: query.page,
    limit: query.limit,
  };
}

/** Messages by channel and state, for the metrics. */
export async function countOutbox(
  db: Db,
): Promise<{ channel: MessageChannelKind; state: OutboxState; messages: number }[]> {
  return db
    .select({ channel: outboxMessages.channel, state: outboxMessages.state, messages: count() })
    .from(outboxMessages)
    .groupBy(outboxMessages.channel, outboxMessages.state);
}
