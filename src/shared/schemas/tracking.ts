import { z } from 'zod';
import { PROVIDERS } from '#shared/money.js';
import { paymentStatusSchema } from './payment.js';
import { editionQuerySchema } from './edition.js';
import { safeText } from './safe-text.js';
import { paymentFlagSchema } from './payment-flags.js';
import { dayRangeAndPaging, DEFAULT_LIST_TIMEZONE, fromNotAfterTo } from './day-range-query.js';

export const TRACKING_TIMEZONES = [
  { id: 'Africa/Lagos', label: 'WAT (UTC+1)' },
  { id: 'America/Los_Angeles', label: 'PT (UTC-8)' },
  { id: 'UTC', label: 'UTC' },
] as const;
export const DEFAULT_TRACKING_TIMEZONE = DEFAULT_LIST_TIMEZONE;

/**
 * Query of GET /api/voter-tracking and its CSV export; `all` (the UI's "any") means no filter.
 * `edition` names whose payments are read (the current edition's when left out).
 */
export const trackingQuerySchema = z
  .object({
    ...editionQuerySchema.shape,
    search: safeText({ label: 'search', trim: true }).max(100, 'search is too long').optional(),
    provider: z.enum(['all', ...PROVIDERS]).optional(),
    status: z.enum(['all', ...paymentStatusSchema.options]).optional(),
    attempt: z.enum(['all', 'attempted', 'abandoned']).optional(),
    /** `flagged`: only payments with a velocity flag the organiser has not cleared. */
    flag: z.enum(['all', 'flagged']).optional(),
    ...dayRangeAndPaging,
  })
  .strict()
  .refine(...fromNotAfterTo);
export type TrackingQuery = z.output<typeof trackingQuerySchema>;
export type TrackingQueryInput = z.input<typeof trackingQuerySchema>;

/** Tracking payment. */
export const trackingPaymentSchema = z.object({
  id: z.uuid(),
  provider: z.enum(PROVIDERS),
  /** Taken by the sandbox in the provider's place: no money moved. */
  sandbox: z.boolean(),
  amount: z.number().int(),
  currency: z.string(),
  voterEmail: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  deviceTimestamp: z.string().nullable(),
  ipAddress: z.string().nullable(),
  status: paymentStatusSchema,
  /** Minor units returned to the voter so far (refunds). */
  refundedAmount: z.number().int(),
  /** The votes the payment was for (its order), counted or not. */
  totalVotes: z.number().int(),
  attemptedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  receiptCode: z.string().nullable(),
  createdAt: z.string(),
  /** Its velocity flags, open and cleared. */
  flags: z.array(paymentFlagSchema),
});
export type TrackingPayment = z.infer<typeof trackingPaymentSchema>;

const revenueSummarySchema = z.object({ revenue: z.number().int(), count: z.number().int() });

/** Voter tracking response; summaries cover the whole filtered set, not only the page. */
export const trackingResponseSchema = z.object({
  recentPayments: z.array(trackingPaymentSchema),
  /** Completed payments per provider; the revenue summaries are summed from these. */
  paymentMethodStats: z.array(
    z.object({
      provider: z.enum(PROVIDERS),
      count: z.number().int(),
      totalAmount: z.number().int(),
    }),
  ),
  stripeRevenue: revenueSummarySchema,
  campayRevenue: revenueSummarySchema,
  attempted: z.number().int(),
  abandoned: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TrackingResponse = z.infer<typeof trackingResponseSchema>;

export const CSV_COLUMNS = [
  'Payment ID',
  'Provider',
  'Amount',
  'Refunded',
  'Email',
  'Phone',
  'Device Time',
  'IP Address',
  'Status',
  'Attempted',
  'Failure Reason',
  'Receipt Code',
  'Created At',
  'Flags',
] as const;

/** What checking pending mobile-money payments with the provider found (the admin's "Check"). */
export const pendingCheckResultSchema = z.object({
  checked: z.number().int(),
  updated: z.number().int(),
});
export type PendingCheckResult = z.infer<typeof pendingCheckResultSchema>;

/**
 * Why a mobile-money request was refused to protect a phone: its last prompts went unanswered or
 * were declined, or it had its share of prompts for the hour.
 */
export const BLOCKED_PROMPT_REASONS = ['unanswered', 'hourly-limit'] as const;
export type BlockedPromptReason = (typeof BLOCKED_PROMPT_REASONS)[number];

/** GET /api/voter-tracking/blocked-prompts: what was refused over the last 24 hours. */
export const blockedPromptsSchema = z.object({
  /** Phone numbers refused at least once. */
  phones: z.number().int(),
  /** Requests refused, by reason. */
  attempts: z.object({ unanswered: z.number().int(), hourlyLimit: z.number().int() }),
});
export type BlockedPrompts = z.infer<typeof blockedPromptsSchema>;
