import { z } from 'zod';
import { editionQuerySchema } from './edition.js';
import { CURRENCIES } from '#shared/money.js';
import { periodSchema } from './analytics.js';
import { messageChannelKindSchema } from './outbox.js';

/**
 * Where a payment's money went through: the real providers, or the sandbox that stands in for one
 * when its keys are absent (stored under the real provider's name, told apart by its reference).
 */
export const FINANCE_SOURCES = ['stripe', 'campay', 'sandbox'] as const;
export const financeSourceSchema = z.enum(FINANCE_SOURCES);
export type FinanceSource = z.infer<typeof financeSourceSchema>;

/**
 * GET /api/admin/finance and /api/admin/finance.csv: the same period words as the analytics, for
 * one edition (the current one's when left out).
 */
export const financeQuerySchema = z.object({ period: periodSchema, ...editionQuerySchema.shape });
export type FinanceQuery = z.infer<typeof financeQuerySchema>;

const minor = z.number().int();
const count = z.number().int().nonnegative();

/**
 * The money of a set of payments, all in one currency's minor units (USD cents, whole XAF).
 * Only payments that took money count: completed, refunded and disputed. Payments waiting for an
 * admin's review are counted apart (`needsReview*`) and are in none of the other figures.
 */
export const financeFiguresSchema = z.object({
  payments: count,
  gross: minor,
  /** What the providers kept: reported where they said, estimated from the configured rate else. */
  fees: minor,
  /** The part of `fees` that is an estimate, and over how many payments. */
  estimatedFees: minor,
  estimatedFeePayments: count,
  refunds: minor,
  /** Money a chargeback still open keeps away from the organiser (not subtracted from net). */
  disputesHeld: minor,
  /** Money gone in chargebacks the organiser lost. */
  disputesLost: minor,
  /** gross − fees − refunds − disputesLost. */
  net: minor,
  needsReview: count,
  needsReviewAmount: minor,
});
export type FinanceFigures = z.infer<typeof financeFiguresSchema>;

export const financeCurrencySchema = z.enum(CURRENCIES);

/** One provider's money on one day of the event's time zone, in one currency. */
export const financeDayRowSchema = financeFiguresSchema.extend({
  day: z.iso.date(),
  source: financeSourceSchema,
  currency: financeCurrencySchema,
});
export type FinanceDayRow = z.infer<typeof financeDayRowSchema>;

export const financeTotalsSchema = financeFiguresSchema.extend({ currency: financeCurrencySchema });
export type FinanceTotals = z.infer<typeof financeTotalsSchema>;

/** A fee estimate: `basisPoints` hundredths of a percent of the amount, plus `fixed` minor units. */
export const feeRateSchema = z.object({
  basisPoints: z.number().int().nonnegative(),
  fixed: z.number().int().nonnegative(),
});
export type FeeRate = z.infer<typeof feeRateSchema>;

/** One channel's messages to voters in the period, by where they stand (schemas/outbox.ts). */
export const financeChannelMessagesSchema = z.object({
  channel: messageChannelKindSchema,
  /** Taken by a gateway (whatever its delivery reports said since). */
  sent: count,
  /** Of those, the ones a delivery report said reached the phone. */
  delivered: count,
  /** Refused for good, or every attempt failed. */
  failed: count,
  /** Not sent yet: new, or waiting for a retry. */
  waiting: count,
  /** Kept in the sandbox: no gateway was configured. */
  sandbox: count,
});
export type FinanceChannelMessages = z.infer<typeof financeChannelMessagesSchema>;

/** What the gateways said the sent messages cost, in one currency's minor units (ISO 4217). */
export const financeMessageCostSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: minor,
  messages: count,
});
export type FinanceMessageCost = z.infer<typeof financeMessageCostSchema>;

export const financeMessagesSchema = z.object({
  /** One per channel, both always present. */
  channels: z.array(financeChannelMessagesSchema),
  costs: z.array(financeMessageCostSchema),
  /** Sent messages whose gateway reported no cost (e-mail, Orange's API, a missing figure). */
  unpriced: count,
});
export type FinanceMessages = z.infer<typeof financeMessagesSchema>;

/** GET /api/admin/finance. Rows oldest day first; totals one per currency, never added together. */
export const financeReportSchema = z.object({
  period: periodSchema,
  /** Start of the period, null for all time. */
  from: z.iso.datetime({ offset: true }).nullable(),
  timeZone: z.string(),
  /** The rates fees are estimated with where a provider did not report its fee (in that currency). */
  feeEstimates: z.object({ stripe: feeRateSchema, campay: feeRateSchema }),
  rows: z.array(financeDayRowSchema),
  totals: z.array(financeTotalsSchema),
  /** The messages to voters written in the period (receipts, notices, codes) and their cost. */
  messages: financeMessagesSchema,
});
export type FinanceReport = z.infer<typeof financeReportSchema>;

/** The CSV export's header. Amounts are in the currency's main unit (dollars, francs). */
export const FINANCE_CSV_COLUMNS = [
  'Day',
  'Provider',
  'Currency',
  'Payments',
  'Gross',
  'Fees',
  'Estimated Fees',
  'Payments With Estimated Fee',
  'Refunds',
  'Disputes Held',
  'Disputes Lost',
  'Net',
  'Needs Review',
  'Needs Review Amount',
] as const;
