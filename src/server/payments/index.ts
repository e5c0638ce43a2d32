/*
 * The payments module's one door: everything above it (routes, features, the demo seed) starts,
 * settles, revises, checks or reports on a payment through these names and nothing else of this
 * folder (lint holds it to that). Settling goes through settlePayment(), which alone decides
 * between settling now and queueing; settle() and the queue's batches stay inside.
 */

// Settling and revising.
export { settlePayment } from './settle-payment.js';
export { applyProviderReport } from './apply-provider-report.js';
export { applyCampayTransaction } from './apply-campay-transaction.js';
export { revisePayment } from './revise-payment.js';
export { refreshPayment } from './refresh-payment.js';
export { closePendingPayment } from './close-payment.js';
export { recordProviderFee } from './provider-fee.js';
export { recordProviderRef } from './provider-ref.js';
export { markPaymentAttempt, setReceiptEmail } from './voter-details.js';

// Checking: the reconciler and the integrity check.
export { CHECK_LOCK_WAIT_MS, reconcilePendingPayments } from './reconcile.js';
export { checkIntegrity } from './integrity-check.js';

// Reading a payment.
export { paymentIdByProviderRef, readPayment } from './read-payment.js';
export { paymentRecordColumns } from './payment-record.js';
export { disputeStanding } from './counted-votes.js';
export { paymentFailureReason } from './failure-reason.js';
export { waitsForSuccess } from './revision-decision.js';

// The voter's messages about a payment.
export { insertPaymentMessagesSql, receiptMessages } from './payment-messages.js';
export { lookupCodeTexts } from './payment-message-texts.js';
export { createPhoneHasher, type PhoneHasher } from './phone-hash.js';

// Providers, as the routes meet them.
export type { CardProvider } from './providers/payment-provider.js';
export type { StripeNotice } from './providers/stripe-provider.js';
export { isCollectionEndpoint } from './providers/campay-provider.js';
export {
  IntentLocked,
  PaymentRefused,
  ProviderUnavailable,
  ProviderUnreached,
} from './providers/provider-errors.js';
export { isSandboxRef, paymentIdOfSandboxIntent } from './providers/sandbox-refs.js';
export { SANDBOX_TEST_CARDS, SANDBOX_TEST_PHONES } from './providers/sandbox-test-numbers.js';
