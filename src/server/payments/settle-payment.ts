import { settle, type SettleDeps, type SettleOptions } from './settle.js';
import type { SettleRequest, SettleResult } from './settlement-decision.js';
import type { SettlementQueue } from './settlement-queue.js';

/** The app's context as settling in the queue needs it: the queue holds the rest. */
export interface SettlementQueueDeps {
  settlement: SettlementQueue;
}

/** What makes a settlement run now, in a transaction of its own, instead of in the next batch. */
export interface SettleNow {
  /** The time the payment settled at (the demo's votes of the past days). */
  at?: Date;
  /** Work that must commit with the settlement or not at all (an admin's audit row). */
  inTransaction?: SettleOptions['inTransaction'];
}

/**
 * The one way a payment is settled from outside this folder, and the one place that decides how.
 * A request with work of its own for the transaction or a time of its own (`now`: an admin's
 * credit with its audit row, the demo seed) settles now, as a batch of one. Every other rides the
 * settlement queue, which settles a lone request at once and a burst in one commit
 * (docs/decisions/0012).
 */
export function settlePayment(
  deps: SettlementQueueDeps,
  request: SettleRequest,
): Promise<SettleResult>;
export function settlePayment(
  deps: SettleDeps,
  request: SettleRequest,
  now: SettleNow,
): Promise<SettleResult>;
export function settlePayment(
  deps: SettlementQueueDeps | SettleDeps,
  request: SettleRequest,
  now?: SettleNow,
): Promise<SettleResult> {
  if (now === undefined && 'settlement' in deps) return deps.settlement.settle(request);
  if (!('db' in deps)) throw new TypeError('settling now needs the database and the outbox');
  const { paymentId, outcome, source, expectProvider, creditReview } = request;
  return settle(deps, paymentId, outcome, source, { expectProvider, creditReview, ...now });
}
