import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  json,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { randomBytes } from 'node:crypto';
import type { Language } from '#shared/limits.js';
import type { Currency, Provider } from '#shared/money.js';
import type { DeliveryStatus, MessageChannelKind, OutboxState } from '#shared/schemas/outbox.js';
import type { PaymentStatus, RefundOrderState } from '#shared/schemas/payment.js';
import type { BlockedPromptReason } from '#shared/schemas/tracking.js';
import type { CardCheckoutEventKind } from '#shared/schemas/card-checkout.js';
import type { PaymentFlagKind } from '#shared/schemas/payment-flags.js';
import type { ResultsVisibility } from '#shared/schemas/event.js';
import type { LedgerCorrectionReason } from '#shared/schemas/ledger.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Names of the French fields that were machine translated, so an admin's own edit is never overwritten. */
const machineTranslated = () =>
  text('machine_translated')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

export const users = pgTable('users', {
  id: text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  email: varchar('email', { length: 320 }).unique(),
  firstName: varchar('first_name', { length: 255 }),
  lastName: varchar('last_name', { length: 255 }),
  profileImageUrl: text('profile_image_url'),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Local e-mail + password accounts (used when no OpenID Connect provider is configured). */
export const userCredentials = pgTable('user_credentials', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Failed sign-in counters, one row per throttle key (a hash of account and/or address), in fixed
 * windows. In the database so that every instance shares them and an attempt is counted in the
 * same statement that reads the count (features/auth/login-throttle.ts).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_window_ends_idx').on(t.windowEnds)],
);

/**
 * When each periodic job last started, on any instance: an instance runs a tick only if it is the
 * one that moves this forward (jobs/job-ticks.ts), so a job runs once per interval however many
 * instances keep a timer for it.
 */
export const jobTicks = pgTable('job_ticks', {
  job: text('job').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its edition; a category with nominations cannot be deleted, nor its edition (foreign keys). */
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id),
    name: varchar('name', { length: 255 }).notNull(),
    nameFr: varchar('name_fr', { length: 255 }),
    description: text('description'),
    descriptionFr: text('description_fr'),
    icon: varchar('icon', { length: 100 }),
    backgroundImageUrl: text('background_image_url'),
    backgroundColor: varchar('background_color', { length: 20 }),
    isActive: boolean('is_active').notNull().default(true),
    machineTranslated: machineTranslated(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_edition_idx').on(t.editionId)],
);

export const artists = pgTable(
  'artists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 255 }).notNull(),
    nameFr: varchar('name_fr', { length: 255 }),
    bio: text('bio'),
    bioFr: text('bio_fr'),
    photoUrl: text('photo_url'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    machineTranslated: machineTranslated(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('artists_name_idx').on(t.name), index('artists_is_featured_idx').on(t.isFeatured)],
);

/** See nominations.tally_seq. */
export const nominationTallySeq = pgSequence('nomination_tally_seq');

export const nominations = pgTable(
  'nominations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    // 96 random bits, URL-safe: unguessable, and never changed once issued so shared links stay valid.
    shareableLink: varchar('shareable_link', { length: 64 })
      .notNull()
      .unique()
      .$defaultFn(() => randomBytes(12).toString('base64url')),
    nominationTitle: varchar('nomination_title', { length: 255 }),
    nominationTitleFr: varchar('nomination_title_fr', { length: 255 }),
    nominationPhotoUrl: text('nomination_photo_url'),
    nominationDescription: text('nomination_description'),
    nominationDescriptionFr: text('nomination_description_fr'),
    isActive: boolean('is_active').notNull().default(true),
    machineTranslated: machineTranslated(),
    /** Tally of votes from completed payments; maintained only by settle(). */
    voteCount: integer('vote_count').notNull().default(0),
    /**
     * Drawn from nomination_tally_seq each time settle() changes vote_count, so a copy of the count
     * held elsewhere (the catalogue snapshot, another instance) can tell a newer count from an
     * older one whatever order the news arrives in.
     */
    tallySeq: bigint('tally_seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('nominations_artist_idx').on(t.artistId),
    index('nominations_category_idx').on(t.categoryId),
    index('nominations_artist_category_idx').on(t.artistId, t.categoryId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The edition voted in: every nomination of the payment belongs to it. */
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id),
    provider: varchar('provider', { length: 20 }).$type<Provider>().notNull(),
    providerRef: varchar('provider_ref', { length: 255 }),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).$type<Currency>().notNull().default('XAF'),
    /** The edition's price per vote in `currency` when the payment was made: later changes never reach it. */
    unitPrice: integer('unit_price').notNull(),
    status: varchar('status', { length: 20 }).$type<PaymentStatus>().notNull().default('pending'),
    voterEmail: varchar('voter_email', { length: 320 }),
    phoneHash: varchar('phone_hash', { length: 64 }),
    phoneNumber: varchar('phone_number', { length: 20 }),
    deviceTimestamp: varchar('device_timestamp', { length: 40 }),
    userAgent: varchar('user_agent', { length: 512 }),
    ipAddress: varchar('ip_address', { length: 64 }),
    receiptCode: varchar('receipt_code', { length: 12 }).unique(),
    totalVotes: integer('total_votes').notNull().default(0),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    /** Last time a status poll asked the provider, so polling clients cannot hammer it. */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    /**
     * A card amount change under way at the provider: its token and until when it holds. While it
     * holds, no other change starts, and a success reported for another amount waits instead of
     * failing the payment (ADR 0047).
     */
    amountChangeId: uuid('amount_change_id'),
    amountChangeUntil: timestamp('amount_change_until', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Minor units returned to the voter so far, as the provider last reported (only grows). */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** The card network dispute (chargeback) of this payment, and its state as Stripe last said. */
    disputeId: varchar('dispute_id', { length: 255 }),
    disputeStatus: varchar('dispute_status', { length: 30 }),
    /**
     * What the provider kept of this payment, in minor units of `currency`, as it reported it
     * (Stripe's balance transaction fee, Campay's charge). Null until known: the finance report
     * then estimates it from the configured rate and says so.
     */
    providerFee: integer('provider_fee'),
    /** The site language the voter paid in: their receipt and later notices are written in it. */
    language: varchar('language', { length: 2 }).$type<Language>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_status_idx').on(t.status),
    index('payments_voter_email_idx').on(t.voterEmail),
    index('payments_phone_hash_idx').on(t.phoneHash),
    index('payments_receipt_code_idx').on(t.receiptCode),
    // Newest-first paging and keyset export walk (created_at, id), across editions and in one.
    index('payments_created_at_id_idx').on(t.createdAt, t.id),
    index('payments_edition_created_at_id_idx').on(t.editionId, t.createdAt, t.id),
    // Every column the finance report reads of an edition's settled payments, so it is answered
    // from this index alone: reading the table instead means reading every edition's rows.
    index('payments_edition_finance_idx')
      .on(
        t.editionId,
        t.status,
        t.settledAt,
        t.createdAt,
        t.provider,
        t.currency,
        t.disputeStatus,
        t.providerFee,
        t.amount,
        t.refundedAmount,
        t.providerRef,
      )
      .where(sql`status IN ('completed', 'refunded', 'disputed', 'needs_review')`),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
  ],
);

/**
 * An admin's refund through the provider, written before the provider is asked: when its answer
 * never comes (a timeout, a 5xx, the instance killed), the order stays `open` and the refund job
 * carries it out (features/books/refund-orders.ts). Money sent back is then recorded without anyone
 * trying again. At most one open order per payment.
 */
export const refundOrders = pgTable(
  'refund_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** What the payment will have been refunded once this order is carried out; keys it at the provider. */
    refundedTotal: integer('refunded_total').notNull(),
    /** The refund asked for, in minor units of the payment's currency. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The admin who ordered it, for the audit row written when it is carried out. */
    actorId: uuid('actor_id'),
    actorEmail: varchar('actor_email', { length: 320 }),
    state: varchar('state', { length: 10 }).$type<RefundOrderState>().notNull().default('open'),
    /** Why the last attempt did not finish it, or why it was closed without a refund. */
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refund_orders_open_idx')
      .on(t.paymentId)
      .where(sql`state = 'open'`),
    index('refund_orders_state_idx')
      .on(t.attemptedAt)
      .where(sql`state = 'open'`),
  ],
);

/**
 * How far a job has read a provider's own record of events (Stripe's Events API), so the next
 * run goes on from there: `position` is the provider's own ordering value (for Stripe, the
 * `created` time in seconds of the last event handled).
 */
export const providerCursors = pgTable('provider_cursors', {
  name: varchar('name', { length: 64 }).primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
});

export const paymentVotes = pgTable(
  'payment_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    nominationId: uuid('nomination_id')
      .notNull()
      .references(() => nominations.id),
    voteCount: integer('vote_count').notNull(),
    /**
     * How many of these votes are in the nomination's tally now: all of them once the payment
     * completes, fewer after a refund, none while a dispute is open (docs/decisions/0048).
     */
    counted: integer('counted').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_votes_payment_idx').on(t.paymentId),
    index('payment_votes_nomination_idx').on(t.nominationId),
  ],
);

/** Every status change of a payment with its source, so "why is this payment failed?" has an answer. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    fromStatus: varchar('from_status', { length: 20 }).$type<PaymentStatus>().notNull(),
    toStatus: varchar('to_status', { length: 20 }).$type<PaymentStatus>().notNull(),
    source: varchar('source', { length: 20 }).notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId)],
);

/**
 * Votes per nomination per UTC hour, from completed payments; maintained only by settle().
 * Trending and period analytics read these buckets instead of scanning payment_votes.
 */
export const nominationHourlyVotes = pgTable(
  'nomination_hourly_votes',
  {
    nominationId: uuid('nomination_id')
      .notNull()
      .references(() => nominations.id),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    votes: integer('votes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.nominationId, t.hour] }), index('nhv_hour_idx').on(t.hour)],
);

/**
 * Mobile-money payment requests refused to protect the phone they would have prompted, counted per
 * edition, phone (its keyed hash, never the number), reason and UTC hour: one row however many
 * requests an attacker sends, so the count costs a flood nothing but an update. Voter tracking
 * shows the organiser what was blocked.
 */
export const blockedPrompts = pgTable(
  'blocked_prompts',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id),
    phoneHash: varchar('phone_hash', { length: 64 }).notNull(),
    reason: varchar('reason', { length: 20 }).$type<BlockedPromptReason>().notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.editionId, t.phoneHash, t.reason, t.hour] }),
    index('blocked_prompts_edition_hour_idx').on(t.editionId, t.hour),
  ],
);

/**
 * What one client did at the card checkout, for the limits against card testing: each new intent
 * and each decline, under the client's address (addressKey), its checkout session (a hash of the
 * `palmares_checkout` cookie) and the e-mail it gave. Site-wide, not per edition: a card tester
 * does not care which awards it tries its cards on.
 */
export const cardCheckoutEvents = pgTable(
  'card_checkout_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 10 }).$type<CardCheckoutEventKind>().notNull(),
    /** Makes a repeated report of one decline (a webhook delivered twice) count once. */
    ref: varchar('ref', { length: 255 }).notNull().unique(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    addressKey: varchar('address_key', { length: 64 }).notNull(),
    checkoutSession: varchar('checkout_session', { length: 64 }),
    voterEmail: varchar('voter_email', { length: 320 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_checkout_events_address_idx').on(t.addressKey, t.kind, t.createdAt),
    index('card_checkout_events_session_idx').on(t.checkoutSession, t.kind, t.createdAt),
    index('card_checkout_events_email_idx').on(t.voterEmail, t.kind, t.createdAt),
    index('card_checkout_events_kind_idx').on(t.kind, t.createdAt),
    index('card_checkout_events_payment_idx').on(t.paymentId),
  ],
);

/** A checkout session that passed the challenge asked of card payments, and until when it holds. */
export const checkoutChallengePasses = pgTable('checkout_challenge_passes', {
  checkoutSession: varchar('checkout_session', { length: 64 }).primaryKey(),
  passedUntil: timestamp('passed_until', { withTimezone: true }).notNull(),
});

/**
 * Velocity flags on paid payments (voter tracking): one per payment and kind, written by the
 * velocity job off the payment path, with what it measured so the organiser reads why. Clearing
 * keeps the row (who and when), so a cleared flag is never raised again.
 */
export const paymentFlags = pgTable(
  'payment_flags',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id),
    kind: varchar('kind', { length: 20 }).$type<PaymentFlagKind>().notNull(),
    /** Phones, nominees or votes counted (the largest seen while the flag is open). */
    measured: integer('measured').notNull(),
    threshold: integer('threshold').notNull(),
    windowSeconds: integer('window_seconds').notNull(),
    /** A category burst's category and its usual votes per window. */
    categoryId: uuid('category_id').references(() => categories.id),
    usual: integer('usual'),
    createdAt: createdAt(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** The organiser's e-mail at the time, as the audit trail keeps it. */
    clearedBy: varchar('cleared_by', { length: 320 }),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.kind] }),
    index('payment_flags_edition_idx').on(t.editionId, t.createdAt),
  ],
);

/**
 * Completed votes, revenue and payment count per provider per UTC hour; maintained only by
 * settle(). Each hour is split over 16 rows (`slot`, settle.ts's hourlySlot), and readers sum
 * them.
 */
export const providerHourlyTotals = pgTable(
  'provider_hourly_totals',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id),
    provider: varchar('provider', { length: 20 }).$type<Provider>().notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    slot: smallint('slot').notNull().default(0),
    votes: integer('votes').notNull().default(0),
    revenue: integer('revenue').notNull().default(0),
    payments: integer('payments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.provider, t.hour, t.slot] })],
);

/**
 * Payment counts and amounts per UTC hour of creation, provider, status, attempt and failure,
 * maintained by a database trigger on `payments` (migration 0001) so that no code path can forget
 * it. Voter tracking sums these rows for its summary cards instead of scanning a million payments.
 */
export const paymentHourlyStats = pgTable(
  'payment_hourly_stats',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    provider: varchar('provider', { length: 20 }).$type<Provider>().notNull(),
    status: varchar('status', { length: 20 }).$type<PaymentStatus>().notNull(),
    attempted: boolean('attempted').notNull(),
    hasFailure: boolean('has_failure').notNull(),
    payments: integer('payments').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** Which of the hour's rows: the trigger picks it as settle() does (hourlySlot). */
    slot: smallint('slot').notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.editionId, t.hour, t.provider, t.status, t.attempted, t.hasFailure, t.slot],
    }),
  ],
);

/**
 * An edition of the awards (one year's event): its names, window, results and prices. It owns its
 * categories (and through them their nominations), payments, ledgers, and the audit entries and
 * messages about them; an artist's profile is shared by every edition that nominates them.
 * Exactly one edition is current (a partial unique index): the one the public addresses show.
 * `timezone` null means EVENT_TIMEZONE. Prices are per vote in minor units (XAF, US cents), and a
 * payment keeps the one it was made at (`payments.unit_price`).
 */
export const editions = pgTable(
  'editions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 2 }),
    /** A short name for addresses (/e/2025/...): lower-case letters, digits and dashes. */
    slug: varchar('slug', { length: 40 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    nameFr: varchar('name_fr', { length: 200 }),
    timezone: varchar('timezone', { length: 64 }),
    votingOpensAt: timestamp('voting_opens_at', { withTimezone: true }),
    votingClosesAt: timestamp('voting_closes_at', { withTimezone: true }),
    resultsVisibility: varchar('results_visibility', { length: 10 })
      .$type<ResultsVisibility>()
      .notNull()
      .default('live'),
    hideCountsHoursBeforeClose: integer('hide_counts_hours_before_close'),
    resultsPublishedAt: timestamp('results_published_at', { withTimezone: true }),
    /**
     * Whether payments' messages (receipts, refund and dispute notices, resends) go by SMS too; off,
     * only e-mail goes. Each SMS costs the organiser money.
     */
    smsReceipts: boolean('sms_receipts').notNull().default(true),
    priceXaf: integer('price_xaf').notNull().default(100),
    priceUsd: integer('price_usd').notNull().default(50),
    isCurrent: boolean('is_current').notNull().default(false),
    /** Set when the organiser archives a finished edition: no votes or nominations change then. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('editions_slug_idx').on(t.slug),
    uniqueIndex('editions_one_current_idx')
      .on(t.isCurrent)
      .where(sql`is_current`),
  ],
);

/**
 * What every organiser changed: who, what, when, the values before and after. Append-only: the
 * migration's triggers refuse UPDATE, DELETE and TRUNCATE, so no code path (and no admin with a
 * SQL console through the app's role) can rewrite history. Money corrections use the same rows.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The edition the change belongs to; null for what every edition shares (artists, accounts). */
    editionId: integer('edition_id').references(() => editions.id),
    /** The signed-in user's id and e-mail at the time; null for the system (a job, the CLI). */
    actorId: uuid('actor_id'),
    actorEmail: varchar('actor_email', { length: 320 }),
    action: varchar('action', { length: 64 }).notNull(),
    entityType: varchar('entity_type', { length: 32 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_action_idx').on(t.action),
    index('audit_log_actor_idx').on(t.actorEmail),
    index('audit_log_edition_at_idx').on(t.editionId, t.at, t.id),
  ],
);

/**
 * Messages to voters (receipts, refund and dispute notices), written in the transaction of the
 * change they tell of and delivered afterwards by the outbox worker (outbox/outbox-worker.ts, ADR
 * 0059). A worker claims a message by setting `locked_until` (its lease) and `lease_id`; a worker
 * that dies leaves the lease to expire and the message to be claimed again.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The edition of the payment it tells of; null for a message about no payment (a lookup code). */
    editionId: integer('edition_id').references(() => editions.id),
    channel: varchar('channel', { length: 10 }).$type<MessageChannelKind>().notNull(),
    /** An e-mail address, or a phone number in E.164 (+237...). */
    recipient: varchar('recipient', { length: 320 }).notNull(),
    language: varchar('language', { length: 2 }).$type<Language>().notNull(),
    /** What the message is about: receipt, refund, dispute (others may add their own). */
    kind: varchar('kind', { length: 30 }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    state: varchar('state', { length: 10 }).$type<OutboxState>().notNull().default('pending'),
    /** Sends started, a claim that was never finished included. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    leaseId: uuid('lease_id'),
    lastError: text('last_error'),
    gatewayMessageId: varchar('gateway_message_id', { length: 255 }),
    /** What the gateway said the message cost, in minor units of `cost_currency`. */
    costAmount: integer('cost_amount'),
    costCurrency: varchar('cost_currency', { length: 3 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What the gateway's delivery reports said last; null until one arrives. */
    deliveryStatus: varchar('delivery_status', { length: 15 }).$type<DeliveryStatus>(),
    /** The gateway's own status and failure reason, as it wrote them (DeliveryImpossible...). */
    deliveryDetail: varchar('delivery_detail', { length: 255 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryReportedAt: timestamp('delivery_reported_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Delivery reports name a message by the gateway's id (Africa's Talking) when not by ours.
    index('outbox_messages_gateway_message_id_idx')
      .on(t.gatewayMessageId)
      .where(sql`gateway_message_id IS NOT NULL`),
    // The worker's claim walks only the messages still to deliver, oldest due first.
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state = 'pending'`),
    index('outbox_messages_payment_idx').on(t.paymentId),
    index('outbox_messages_created_at_id_idx').on(t.createdAt, t.id),
    // One edition's messages, newest first or counted, without reading the other editions'.
    index('outbox_messages_edition_created_at_id_idx').on(t.editionId, t.createdAt, t.id),
    // Every column the finance report counts of an edition's messages, so it is answered from
    // this index alone and not from the table's rows of every edition.
    index('outbox_messages_edition_finance_idx').on(
      t.editionId,
      t.createdAt,
      t.channel,
      t.state,
      t.deliveryStatus,
      t.costCurrency,
      t.costAmount,
    ),
  ],
);

/**
 * The one-time codes that open a voter's receipt list (ADR 0061). Only keyed hashes are
 * kept: of the e-mail or phone the code was asked for, and of the code itself. A row is written
 * for every request, whether or not that recipient paid, so both take the same work; only a
 * recipient with receipts is sent the code. A newer code supersedes the older ones; 5 wrong tries
 * kill a code; the rows of the last 15 minutes are the per-recipient limit's count.
 */
export const receiptLookupCodes = pgTable(
  'receipt_lookup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientHash: varchar('recipient_hash', { length: 64 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes tried against this one. */
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** When a newer code for the same recipient replaced it. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('receipt_lookup_codes_recipient_idx').on(t.recipientHash, t.createdAt)],
);

/**
 * Each time a receipt was sent again on request, by an admin or by the voter: the resend limits
 * count these rows, so they hold across instances and restarts.
 */
export const receiptResends = pgTable(
  'receipt_resends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    requestedBy: varchar('requested_by', { length: 10 }).$type<'admin' | 'voter'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('receipt_resends_payment_idx').on(t.paymentId, t.requestedBy, t.createdAt)],
);

/**
 * The published ledger of the results (ADR 0058): one row per publication, written in the
 * publication's transaction and never changed. Append-only like `audit_log`: the migration's
 * triggers refuse UPDATE, DELETE and TRUNCATE on it and on the three tables below, and the app
 * role holds only SELECT and INSERT on them. The document's rules are in `features/ledger/`.
 */
export const resultsLedgers = pgTable(
  'results_ledgers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id),
    /** The edition's resultsPublishedAt this ledger was published with. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /**
     * 32 random bytes as hex, published: the receipt hashes of a ledger built before receipts had a
     * salt each (one SHA-256 of this salt and the code). Null for a ledger whose entries carry their
     * own salt.
     */
    salt: varchar('salt', { length: 64 }),
    /**
     * 32 random bytes as hex, never published: each receipt's salt is derived from it and the code,
     * so the server finds a receipt's entry again from the code alone. Null for a ledger of one
     * public salt.
     */
    saltKey: varchar('salt_key', { length: 64 }),
    root: varchar('root', { length: 64 }).notNull(),
    entryCount: integer('entry_count').notNull(),
    /** Votes per nomination over the entries, `[{ nominationId, votes }]` by nominationId. */
    totals: jsonb('totals').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('results_ledgers_edition_published_idx').on(t.editionId, t.publishedAt)],
);

/** One credited payment of a ledger, at its leaf index (`position`): its salted hash and votes. */
export const resultsLedgerEntries = pgTable(
  'results_ledger_entries',
  {
    ledgerId: integer('ledger_id')
      .notNull()
      .references(() => resultsLedgers.id),
    position: integer('position').notNull(),
    receiptHash: varchar('receipt_hash', { length: 64 }).notNull(),
    /** The entry's own salt, published with it; null in a ledger of one public salt. */
    salt: varchar('salt', { length: 32 }),
    /** `[{ nominationId, votes }]` by nominationId. */
    votes: jsonb('votes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ledgerId, t.position] }),
    uniqueIndex('results_ledger_entries_hash_idx').on(t.ledgerId, t.receiptHash),
  ],
);

/**
 * Every node of a ledger's Merkle tree, level 0 being the leaves, so a proof path is a handful of
 * rows read by key instead of the whole tree rebuilt for each voter who checks.
 */
export const resultsLedgerNodes = pgTable(
  'results_ledger_nodes',
  {
    ledgerId: integer('ledger_id')
      .notNull()
      .references(() => resultsLedgers.id),
    level: integer('level').notNull(),
    position: integer('position').notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ledgerId, t.level, t.position] })],
);

/**
 * What a refund or dispute changed after publication, dated: the ledger's entries stay as
 * published and its corrected totals add these up.
 */
export const resultsLedgerCorrections = pgTable(
  'results_ledger_corrections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ledgerId: integer('ledger_id')
      .notNull()
      .references(() => resultsLedgers.id),
    receiptHash: varchar('receipt_hash', { length: 64 }).notNull(),
    /** `[{ nominationId, votes }]` by nominationId, each the change (negative when votes leave). */
    changes: jsonb('changes').notNull(),
    reason: varchar('reason', { length: 10 }).$type<LedgerCorrectionReason>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The receipt's salt, as in its entry; null in a ledger of one public salt. */
    salt: varchar('salt', { length: 32 }),
    /**
     * The chain: the hash of the correction before (the ledger's root for the first) and this
     * one's. Null only for corrections appended before the chain existed; their hashes are
     * computed in order when read (ledger-chain.ts).
     */
    previous: varchar('previous', { length: 64 }),
    hash: varchar('hash', { length: 64 }),
  },
  (t) => [
    index('results_ledger_corrections_hash_idx').on(t.ledgerId, t.receiptHash, t.id),
    // Two corrections after the same one would fork the chain.
    uniqueIndex('results_ledger_corrections_previous_idx').on(t.ledgerId, t.previous),
  ],
);
