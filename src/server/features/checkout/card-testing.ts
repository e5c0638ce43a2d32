import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.js';
import { rowsOf } from '#server/db/rows.js';
import { cookieOptions } from '#server/features/auth/session-cookie.js';
import { addressKey } from '#server/http/address-key.js';
import { HttpError } from '#server/http/http-error.js';
import type { VoterText } from '#server/http/voter-text.js';
import { closePendingPayment } from '#server/payments/index.js';
import { CARD_REFUSAL_CODES } from '#shared/schemas/card-checkout.js';

/*
 * Limits against card testing (ADR 0069): someone with a list of stolen card numbers uses the
 * checkout to find out which still work. Each client (its address, its checkout session, the
 * e-mail it gives) may start so many card payments an hour and rests after a burst of declines;
 * while declines across the whole site are many, every card payment first passes a challenge.
 * Everything is read from `card_checkout_events`, so every instance agrees and a restart
 * forgets nothing.
 */

/** The checkout session: a random value the browser keeps, of which only a hash is stored. */
export const CHECKOUT_SESSION_COOKIE = 'palmares_checkout';
const CHECKOUT_SESSION_DAYS = 30;

/** Who is paying by card, as far as the checkout can tell. */
export interface CardClient {
  ipAddress: string;
  addressKey: string;
  /** A hash of the checkout session cookie. */
  session: string;
  email: string | null;
  userAgent: string | null;
}

const hashSession = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The card client of a request. A browser without a checkout session is given one, on the
 * answer whatever it is (a refusal included), so the challenge it may be asked next is passed
 * for that session.
 */
export function cardClientOf(
  request: FastifyRequest,
  reply: FastifyReply,
  email: string | null = null,
): CardClient {
  let value = request.cookies[CHECKOUT_SESSION_COOKIE];
  if (!value || value.length > 100) {
    value = randomBytes(24).toString('base64url');
    reply.setCookie(
      CHECKOUT_SESSION_COOKIE,
      value,
      cookieOptions(request, CHECKOUT_SESSION_DAYS * 86_400, '/api'),
    );
  }
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip,
    addressKey: addressKey(request.ip).slice(0, 64),
    session: hashSession(value),
    email: email?.toLowerCase() ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  };
}

/** "1 minute", "5 minutes": the same words in English and French. */
const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

const declinesText = (minutes: number): VoterText => ({
  en: `Too many card payments from this connection were declined. Try again in ${minutesText(minutes)}, or pay by mobile money.`,
  fr: `Trop de paiements par carte ont été refusés depuis cette connexion. Réessayez dans ${minutesText(minutes)} ou payez par mobile money.`,
});

const INTENTS_TEXT: VoterText = {
  en: 'Too many card payments were started from this connection in the last hour. Try again later, or pay by mobile money.',
  fr: "Trop de paiements par carte ont été commencés depuis cette connexion dans l'heure. Réessayez plus tard ou payez par mobile money.",
};

const CHALLENGE_TEXT: VoterText = {
  en: 'Please confirm you are a person before paying by card.',
  fr: 'Confirmez que vous êtes une personne avant de payer par carte.',
};

const PAUSED_TEXT: VoterText = {
  en: 'Card payments are paused for a short while. Please pay by mobile money or try again later.',
  fr: 'Les paiements par carte sont suspendus pour un moment. Payez par mobile money ou réessayez plus tard.',
};

interface Standing {
  block_minutes_left: number | null;
  address_intents: number;
  session_intents: number;
  email_intents: number;
  site_declines: number;
  passed: boolean;
}

/** What the events say of this client and of the site, in one round trip. */
type ClientKeys = Pick<CardClient, 'addressKey' | 'email'> & { session: string | null };

/** An event of this client's: from its address, its checkout session or its e-mail. */
const ofClient = (client: ClientKeys, table: string) =>
  sql`(${sql.identifier(table)}.address_key = ${client.addressKey}
    OR ${sql.identifier(table)}.checkout_session = ${client.session}
    OR ${sql.identifier(table)}.voter_email = ${client.email})`;

/**
 * The time of the client's `blockAfterDeclines`-th latest decline within `blockMinutes`: there is
 * one exactly when the client is at rest, which lasts until it is that old.
 */
const restingDecline = (
  client: ClientKeys,
  { blockAfterDeclines, blockMinutes }: AppContext['config']['cardTesting'],
) => sql`SELECT d.created_at FROM card_checkout_events d
  WHERE d.kind = 'decline' AND d.created_at > now() - make_interval(mins => ${blockMinutes})
    AND ${ofClient(client, 'd')}
  ORDER BY d.created_at DESC OFFSET ${blockAfterDeclines - 1} LIMIT 1`;

async function standingOf(ctx: AppContext, client: CardClient): Promise<Standing> {
  const limits = ctx.config.cardTesting;
  const { intentsPerHour, challenge } = limits;
  // Each count stops one past its limit: under attack the rows are many, the answer the same.
  const intents = (column: string, value: string | null, limit: number) =>
    value === null
      ? sql`0`
      : sql`(SELECT count(*) FROM (SELECT 1 FROM card_checkout_events
          WHERE ${sql.identifier(column)} = ${value} AND kind = 'intent'
            AND created_at > now() - interval '1 hour' LIMIT ${limit}) AS counted)`;
  const [row] = rowsOf<Standing>(
    await ctx.db.execute(sql`
      WITH nth AS (${restingDecline(client, limits)})
      SELECT
        (SELECT ceil(extract(epoch FROM created_at + make_interval(mins => ${limits.blockMinutes})
                - now()) / 60)::int FROM nth) AS block_minutes_left,
        ${intents('address_key', client.addressKey, intentsPerHour.address)}::int AS address_intents,
        ${intents('checkout_session', client.session, intentsPerHour.session)}::int AS session_intents,
        ${intents('voter_email', client.email, intentsPerHour.email)}::int AS email_intents,
        (SELECT count(*) FROM (SELECT 1 FROM card_checkout_events
          WHERE kind = 'decline'
            AND created_at > now() - make_interval(mins => ${challenge.windowMinutes})
          LIMIT ${challenge.afterDeclines}) AS counted)::int AS site_declines,
        COALESCE((SELECT passed_until > now() FROM checkout_challenge_passes
          WHERE checkout_session = ${client.session}), false) AS passed`),
  );
  if (!row) throw new Error('card checkout standing: no row');
  return row;
}

/** A refusal, and which limit made it: a client at rest may not even pay the intent it holds. */
export interface CardRefusal {
  kind: 'rest' | 'limit' | 'challenge' | 'paused';
  error: HttpError;
}

/**
 * Why this client may not start a new card payment, or null when it may. Only a `rest` refusal
 * also stops it from changing or paying the intent it already holds.
 */
export async function cardCheckoutRefusal(
  ctx: AppContext,
  client: CardClient,
): Promise<CardRefusal | null> {
  const standing = await standingOf(ctx, client);
  if (standing.block_minutes_left !== null) {
    const minutesLeft = Math.max(1, Number(standing.block_minutes_left));
    return {
      kind: 'rest',
      error: new HttpError(429, declinesText(minutesLeft), { code: CARD_REFUSAL_CODES.declines }),
    };
  }
  const { intentsPerHour, challenge } = ctx.config.cardTesting;
  if (
    Number(standing.address_intents) >= intentsPerHour.address ||
    Number(standing.session_intents) >= intentsPerHour.session ||
    Number(standing.email_intents) >= intentsPerHour.email
  ) {
    return {
      kind: 'limit',
      error: new HttpError(429, INTENTS_TEXT, { code: CARD_REFUSAL_CODES.intents }),
    };
  }
  if (Number(standing.site_declines) < challenge.afterDeclines || standing.passed) return null;
  const asked = challenge.turnstile
    ? { kind: 'turnstile' as const, siteKey: challenge.turnstile.siteKey }
    : challenge.sandbox
      ? { kind: 'sandbox' as const }
      : null;
  if (!asked) {
    return {
      kind: 'paused',
      error: new HttpError(503, PAUSED_TEXT, { code: CARD_REFUSAL_CODES.paused }),
    };
  }
  return {
    kind: 'challenge',
    error: new HttpError(403, CHALLENGE_TEXT, {
      code: CARD_REFUSAL_CODES.challenge,
      challenge: asked,
    }),
  };
}

/** Throws when the client is at rest after declines: the check before paying an open intent. */
export async function assertNotAtRest(ctx: AppContext, client: CardClient): Promise<void> {
  const refusal = await cardCheckoutRefusal(ctx, client);
  if (refusal?.kind === 'rest') throw refusal.error;
}

/** Counts a new card intent against its client. */
export async function recordCardIntent(
  ctx: AppContext,
  client: CardClient,
  paymentId: string,
): Promise<void> {
  await ctx.db.execute(sql`
    INSERT INTO card_checkout_events (kind, ref, payment_id, address_key, checkout_session, voter_email)
    VALUES ('intent', ${`intent:${paymentId}`}, ${paymentId}, ${client.addressKey},
      ${client.session}, ${client.email})
    ON CONFLICT (ref) DO NOTHING`);
}

/** Why a blocked client's open card payments were closed (the status history says it). */
export const CLOSED_AFTER_DECLINES = 'closed: too many declined cards from this client';

/**
 * Counts a declined card against the client that started the payment (its address, session and
 * e-mail as the intent recorded them, the payment's own address for an older one). `ref` names
 * the attempt, so a report heard twice counts once. When this decline puts the client at rest,
 * its other open card payments are closed at the provider, so the secrets it holds take no more
 * cards either.
 */
export async function recordCardDecline(
  ctx: AppContext,
  paymentId: string,
  ref: string,
): Promise<void> {
  const [payment] = rowsOf<{
    ip_address: string | null;
    voter_email: string | null;
    address_key: string | null;
    checkout_session: string | null;
    intent_email: string | null;
  }>(
    await ctx.db.execute(sql`
      SELECT p.ip_address, p.voter_email, e.address_key, e.checkout_session,
        e.voter_email AS intent_email
      FROM payments p
      LEFT JOIN card_checkout_events e ON e.payment_id = p.id AND e.kind = 'intent'
      WHERE p.id = ${paymentId} AND p.provider = 'stripe'
      LIMIT 1`),
  );
  if (!payment) return;
  const address = payment.address_key ?? addressKey(payment.ip_address ?? 'unknown').slice(0, 64);
  const email = (payment.voter_email ?? payment.intent_email)?.toLowerCase() ?? null;
  const inserted = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`
      INSERT INTO card_checkout_events (kind, ref, payment_id, address_key, checkout_session, voter_email)
      VALUES ('decline', ${ref.slice(0, 255)}, ${paymentId}, ${address},
        ${payment.checkout_session}, ${email})
      ON CONFLICT (ref) DO NOTHING
      RETURNING id`),
  );
  if (inserted.length === 0) return;
  await closeOpenPaymentsIfBlocked(ctx, {
    addressKey: address,
    session: payment.checkout_session,
    email,
  });
}

async function closeOpenPaymentsIfBlocked(ctx: AppContext, client: ClientKeys): Promise<void> {
  const open = rowsOf<{ payment_id: string }>(
    await ctx.db.execute(sql`
      SELECT DISTINCT e.payment_id FROM card_checkout_events e
      JOIN payments p ON p.id = e.payment_id AND p.status = 'pending'
      WHERE e.kind = 'intent' AND ${ofClient(client, 'e')}
        AND e.created_at > now() - make_interval(hours => ${ctx.config.paymentExpiryHours})
        AND EXISTS (${restingDecline(client, ctx.config.cardTesting)})`),
  );
  for (const { payment_id: id } of open) {
    try {
      await closePendingPayment(ctx, id, CLOSED_AFTER_DECLINES);
    } catch (error) {
      // Left to expire as any pending payment would: the rest already refuses the client.
      ctx.log.warn({ err: error, paymentId: id }, 'card testing: closing an open payment failed');
    }
  }
}
