import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { periodStart } from '#server/features/analytics/period-start.js';
import { disputeStanding } from '#server/payments/index.js';
import { CURRENCIES, type Currency } from '#shared/money.js';
import type { Period } from '#shared/limits.js';
import {
  FINANCE_SOURCES,
  type FeeRate,
  type FinanceDayRow,
  type FinanceFigures,
  type FinanceReport,
  type FinanceSource,
  type FinanceTotals,
  type FinanceChannelMessages,
  type FinanceMessageCost,
  type FinanceMessages,
} from '#shared/schemas/finance.js';
import {
  MESSAGE_CHANNEL_KINDS,
  type MessageChannelKind,
  type OutboxState,
} from '#shared/schemas/outbox.js';
import { messagesOfEdition } from '#server/features/messages/edition-messages.js';
import { estimateFeeSql } from './fee-estimate.js';

export interface FeeEstimates {
  stripe: FeeRate;
  campay: FeeRate;
}

/**
 * Payments with the same day, source, currency, status, dispute state and fee kind, summed in the
 * database. The dispute state stays a group key so the rule of counted-votes.ts reads it here,
 * in one place, instead of a copy of that rule in SQL.
 */
interface PaymentGroup {
  day: string;
  source: FinanceSource;
  currency: Currency;
  status: string;
  dispute_status: string | null;
  fee_reported: boolean;
  payments: string | number;
  gross: string | number;
  refunds: string | number;
  unrefunded: string | number;
  fees: string | number;
}

export const emptyFigures = (): FinanceFigures => ({
  payments: 0,
  gross: 0,
  fees: 0,
  estimatedFees: 0,
  estimatedFeePayments: 0,
  refunds: 0,
  disputesHeld: 0,
  disputesLost: 0,
  net: 0,
  needsReview: 0,
  needsReviewAmount: 0,
});

/** Adds one group of payments to `figures` (net is worked out once all are in). */
function addGroup(figures: FinanceFigures, group: PaymentGroup): void {
  const payments = Number(group.payments);
  const gross = Number(group.gross);
  if (group.status === 'needs_review') {
    // What we asked for, not what the provider took: it joins the figures once an admin credits
    // or refunds it.
    figures.needsReview += payments;
    figures.needsReviewAmount += gross;
    return;
  }
  const fees = Number(group.fees);
  figures.payments += payments;
  figures.gross += gross;
  figures.fees += fees;
  if (!group.fee_reported) {
    figures.estimatedFees += fees;
    figures.estimatedFeePayments += payments;
  }
  figures.refunds += Number(group.refunds);
  // A chargeback is for what refunds left of the payment, as the card network allows no more.
  const standing = disputeStanding(group.dispute_status);
  if (standing === 'open') figures.disputesHeld += Number(group.unrefunded);
  if (standing === 'lost') figures.disputesLost += Number(group.unrefunded);
}

const withNet = <T extends FinanceFigures>(figures: T): T => ({
  ...figures,
  net: figures.gross - figures.fees - figures.refunds - figures.disputesLost,
});

const FIGURE_KEYS = Object.keys(emptyFigures()) as (keyof FinanceFigures)[];
const sumFigures = (into: FinanceFigures, row: FinanceFigures) => {
  for (const key of FIGURE_KEYS) into[key] += row[key];
};

/**
 * The edition's settled payments of the period grouped as PaymentGroup rows. The statuses are
 * those of payments_edition_finance_idx's condition, word for word, and every column read is in
 * that index: the edition's payments are then read from it alone, not from the table with every
 * other edition's rows.
 */
export function paymentGroupsSql(options: {
  editionId: number;
  from: Date | null;
  timeZone: string;
  feeEstimates: FeeEstimates;
}): SQL {
  const { editionId, from, timeZone, feeEstimates } = options;
  const at = sql`COALESCE(settled_at, created_at)`;
  const estimate = sql`CASE WHEN provider = 'stripe'
      THEN ${estimateFeeSql(sql`amount`, feeEstimates.stripe)}
      ELSE ${estimateFeeSql(sql`amount`, feeEstimates.campay)} END`;
  return sql`
    SELECT to_char(${at} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day,
      CASE WHEN starts_with(provider_ref, 'sandbox_') THEN 'sandbox' ELSE provider END AS source,
      currency, status, dispute_status, provider_fee IS NOT NULL AS fee_reported,
      count(*)::bigint AS payments,
      sum(amount)::bigint AS gross,
      sum(refunded_amount)::bigint AS refunds,
      sum(GREATEST(amount - refunded_amount, 0))::bigint AS unrefunded,
      sum(COALESCE(provider_fee::bigint, ${estimate}))::bigint AS fees
    FROM payments
    WHERE edition_id = ${editionId}
      AND status IN ('completed', 'refunded', 'disputed', 'needs_review')
      ${from ? sql`AND ${at} >= ${from.toISOString()}::timestamptz` : sql``}
    GROUP BY 1, 2, 3, 4, 5, 6`;
}

/**
 * One edition's finance report of a period: per day of the edition's time zone, per source (Stripe, Campay,
 * or the sandbox) and currency, the money of payments that took it, with totals per currency.
 * A payment belongs to the day it was settled; its refunds and disputes stay on that day, so a
 * day's figures change when money of that day comes back later.
 */
export async function financeReport(
  db: Db,
  options: {
    editionId: number;
    period: Period;
    now: Date;
    timeZone: string;
    feeEstimates: FeeEstimates;
  },
): Promise<FinanceReport> {
  const { editionId, period, now, timeZone, feeEstimates } = options;
  const from = periodStart(period, now, timeZone);
  const result = await db.execute(paymentGroupsSql({ editionId, from, timeZone, feeEstimates }));

  const byKey = new Map<string, FinanceDayRow>();
  for (const group of rowsOf<PaymentGroup>(result)) {
    const key = `${group.day}|${group.source}|${group.currency}`;
    let row = byKey.get(key);
    if (!row) {
      row = { day: group.day, source: group.source, currency: group.currency, ...emptyFigures() };
      byKey.set(key, row);
    }
    addGroup(row, group);
  }
  const sourceOrder = (source: FinanceSource) => FINANCE_SOURCES.indexOf(source);
  const rows = [...byKey.values()]
    .map(withNet)
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) ||
        sourceOrder(a.source) - sourceOrder(b.source) ||
        a.currency.localeCompare(b.currency),
    );

  // Every currency has its totals, zero when nothing was paid in it: the view shows both.
  const totals = CURRENCIES.map((currency): FinanceTotals => {
    const total: FinanceTotals = { currency, ...emptyFigures() };
    for (const row of rows) if (row.currency === currency) sumFigures(total, row);
    return total;
  });
  return {
    period,
    from: from?.toISOString() ?? null,
    timeZone,
    feeEstimates,
    rows,
    totals,
    messages: await messageFigures(db, editionId, from),
  };
}

/**
 * One set of messages (messagesOfEdition) written since `from`, grouped per channel, state,
 * delivery and cost currency. Every column read is in outbox_messages_edition_finance_idx, so the
 * set is read from it alone, not from the table with every other edition's messages.
 */
export function messageGroupsSql(set: SQL, from: Date | null): SQL {
  const since = from ? sql`AND created_at >= ${from.toISOString()}::timestamptz` : sql``;
  return sql`
    SELECT channel, state, delivery_status = 'delivered' AS delivered,
      CASE WHEN cost_amount IS NOT NULL THEN cost_currency END AS cost_currency,
      count(*)::bigint AS messages, sum(cost_amount)::bigint AS cost
    FROM outbox_messages WHERE ${set} ${since}
    GROUP BY 1, 2, 3, 4`;
}

/**
 * The edition's messages to voters written since `from` (those of its payments, and with the
 * current edition the lookup codes), counted per channel and state, and what the gateways said
 * the sent ones cost, per currency (never added across currencies).
 */
async function messageFigures(
  db: Db,
  editionId: number,
  from: Date | null,
): Promise<FinanceMessages> {
  // Each of the edition's two sets of messages grouped on its own; the sums below add them up.
  const groupsOf = async (set: SQL) =>
    rowsOf<{
      channel: MessageChannelKind;
      state: OutboxState;
      delivered: boolean;
      cost_currency: string | null;
      messages: string | number;
      cost: string | number | null;
    }>(await db.execute(messageGroupsSql(set, from)));
  const groups = (await Promise.all(messagesOfEdition(editionId).map(groupsOf))).flat();
  const channels = MESSAGE_CHANNEL_KINDS.map((channel): FinanceChannelMessages => ({
    channel,
    sent: 0,
    delivered: 0,
    failed: 0,
    waiting: 0,
    sandbox: 0,
  }));
  const costs = new Map<string, FinanceMessageCost>();
  let unpriced = 0;
  for (const group of groups) {
    const figures = channels.find((c) => c.channel === group.channel);
    if (!figures) continue;
    const messages = Number(group.messages);
    if (group.state === 'pending') figures.waiting += messages;
    else if (group.state === 'failed') figures.failed += messages;
    else if (group.state === 'sandbox') figures.sandbox += messages;
    else {
      figures.sent += messages;
      if (group.delivered) figures.delivered += messages;
      if (group.cost_currency === null) unpriced += messages;
    }
    // A failed message the gateway still charged for is a cost too.
    if (group.cost_currency !== null) {
      const cost = costs.get(group.cost_currency) ?? {
        currency: group.cost_currency,
        amount: 0,
        messages: 0,
      };
      cost.amount += Number(group.cost ?? 0);
      cost.messages += messages;
      costs.set(group.cost_currency, cost);
    }
  }
  return {
    channels,
    costs: [...costs.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    unpriced,
  };
}
