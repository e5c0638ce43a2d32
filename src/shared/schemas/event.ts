import { z } from 'zod';
import { optionalText, requiredText } from './text-fields.js';
import { outsideYearsMessage, withinAcceptedYears } from './calendar-years.js';
import type { Currency } from '../money.js';

/**
 * The event's life: when voting opens and closes, whether the public sees the counts, and the
 * results once the organiser publishes them. The server decides every state from the database's
 * clock; the client only displays what it was told (with `serverTime` to correct its own clock).
 */

export const RESULTS_VISIBILITIES = ['live', 'hidden'] as const;
export const resultsVisibilitySchema = z.enum(RESULTS_VISIBILITIES);
export type ResultsVisibility = z.infer<typeof resultsVisibilitySchema>;

export const EVENT_STATUSES = ['upcoming', 'open', 'closed'] as const;
export const eventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const EVENT_NAME_MAX = 200;
/** Hiding counts for more than a month before the close is hiding them: use `hidden` instead. */
export const HIDE_COUNTS_HOURS_MAX = 720;

/** Whether the runtime knows an IANA zone name (`Africa/Douala`, `UTC`). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
}

const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time` })
    .refine(withinAcceptedYears, outsideYearsMessage(label))
    .nullable()
    .transform((value) => (value === null ? null : new Date(value).toISOString()));

/**
 * Prices per vote in minor units: whole francs CFA, US cents. A card payment of one vote must reach
 * the card network's smallest charge (50 cents); a franc price of 0 would give votes away.
 */
export const VOTE_PRICE_LIMITS = {
  XAF: { min: 1, max: 100_000 },
  USD: { min: 50, max: 100_000 },
} as const satisfies Record<Currency, { min: number; max: number }>;

const price = (currency: Currency, label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(
      VOTE_PRICE_LIMITS[currency].min,
      `${label} must be at least ${VOTE_PRICE_LIMITS[currency].min}`,
    )
    .max(
      VOTE_PRICE_LIMITS[currency].max,
      `${label} must be at most ${VOTE_PRICE_LIMITS[currency].max}`,
    );

export const votePricesSchema = z
  .object({
    XAF: price('XAF', 'Price per vote by mobile money (CFA)'),
    USD: price('USD', 'Price per vote by card (cents)'),
  })
  .strict();
export type VotePrices = z.infer<typeof votePricesSchema>;

/** PUT /api/admin/event: every setting at once, as the Event tab sends it. */
export const eventSettingsSchema = z
  .object({
    name: requiredText(EVENT_NAME_MAX, 'Event name'),
    nameFr: optionalText(EVENT_NAME_MAX, 'French event name'),
    timezone: z
      .string({ error: 'Time zone is required' })
      .refine(isKnownTimeZone, 'Time zone must be a known time zone, such as Africa/Douala'),
    votingOpensAt: instant('Voting opens'),
    votingClosesAt: instant('Voting closes'),
    resultsVisibility: z.enum(RESULTS_VISIBILITIES, {
      error: 'Results visibility must be live or hidden',
    }),
    hideCountsHoursBeforeClose: z
      .number({ error: 'Hours before the close must be a whole number' })
      .int('Hours before the close must be a whole number')
      .min(1, 'Hours before the close must be at least 1')
      .max(HIDE_COUNTS_HOURS_MAX, `Hours before the close must be at most ${HIDE_COUNTS_HOURS_MAX}`)
      .nullable(),
    /**
     * Payments' messages by SMS as well as e-mail. Left out, the stored choice stays (a caller
     * that does not know the setting cannot turn SMS back on by accident).
     */
    smsReceipts: z.boolean({ error: 'SMS receipts must be on or off' }).optional(),
    /** Left out, the stored prices stay. A payment keeps the price it was made at. */
    prices: votePricesSchema.optional(),
  })
  .strict()
  .refine(
    (s) =>
      s.votingOpensAt === null ||
      s.votingClosesAt === null ||
      Date.parse(s.votingClosesAt) > Date.parse(s.votingOpensAt),
    { message: 'Voting must close after it opens', path: ['votingClosesAt'] },
  )
  .refine((s) => s.hideCountsHoursBeforeClose === null || s.votingClosesAt !== null, {
    message: 'Counts can only be hidden before the close when voting has a closing time',
    path: ['hideCountsHoursBeforeClose'],
  });
export type EventSettings = z.infer<typeof eventSettingsSchema>;
export type EventSettingsInput = z.input<typeof eventSettingsSchema>;

/** GET /api/event and the admin's copy of it: the current edition's, or the one asked for. */
export const publicEventSchema = z.object({
  /** The edition's short name, as in its addresses (/e/2025/...). */
  slug: z.string(),
  name: z.string(),
  nameFr: z.string().nullable(),
  timezone: z.string(),
  votingOpensAt: z.string().nullable(),
  votingClosesAt: z.string().nullable(),
  resultsVisibility: resultsVisibilitySchema,
  hideCountsHoursBeforeClose: z.number().int().nullable(),
  resultsPublishedAt: z.string().nullable(),
  /** Whether receipts and notices go by SMS (e-mail always goes when the voter gave one). */
  smsReceipts: z.boolean(),
  /** Price per vote in minor units of each currency (francs CFA, US cents). */
  prices: z.object({ XAF: z.number().int(), USD: z.number().int() }),
  /** Set once the edition is archived: read-only, its results and books still public. */
  archivedAt: z.string().nullable(),
  /** Whether this is the current edition, the one the public addresses show and the only one open. */
  isCurrent: z.boolean(),
  status: eventStatusSchema,
  countsVisible: z.boolean(),
  /** The database's clock when the answer was made, so a phone with a wrong clock counts down right. */
  serverTime: z.string(),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

export const resultNomineeSchema = z.object({
  nominationId: z.string(),
  artistName: z.string(),
  photoUrl: z.string().nullable(),
  nominationTitle: z.string().nullable(),
  nominationTitleFr: z.string().nullable(),
  /** The votes as published: corrections after publication never change it. */
  voteCount: z.number().int(),
  /**
   * What corrections after publication (refunds, disputes, late payments) changed since, listed
   * apart from the published figure; 0 when nothing did.
   */
  changeSincePublication: z.number().int(),
  /** 1 for the winner; nominees with equal votes share a rank (1, 1, 3). */
  rank: z.number().int(),
});

export const resultCategorySchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  nameFr: z.string().nullable(),
  nominees: z.array(resultNomineeSchema),
});

/** GET /api/results: always 200; the ranking only once the organiser has published it. */
export const resultsSchema = z.discriminatedUnion('published', [
  z.object({ published: z.literal(false) }),
  z.object({
    published: z.literal(true),
    publishedAt: z.string(),
    categories: z.array(resultCategorySchema),
  }),
]);
export type Results = z.infer<typeof resultsSchema>;
