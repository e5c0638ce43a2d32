import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentFailureReason } from '#shared/schemas/payment';
import { createNominee } from '#test/factories/catalog-factory';
import {
  createNeedsReviewPayment,
  createPendingPayment,
  creditReviewedPayment,
  refundReviewedPayment,
  settlePayment,
} from '#test/factories/payment-factory';
import { routeFetchToApp, type FetchToApp } from '#test/support/fetch-to-app';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { PollingStatusBanner, ReviewNotice } from './polling-status';
import { PENDING_PAYMENT_KEY, REVIEW_PAYMENT_KEY } from './pending-payment-storage';
import { PRIMARY_ATTEMPTS, REVIEW_FIRST_DELAY_MS } from './polling-schedule';
import { loadSettledOutcome } from './settled-outcome';
import { TransactionCheckPanel } from './transaction-check-panel';
import { usePaymentPolling } from './use-payment-polling';

/**
 * The checkout screen's polling parts as checkout-view.tsx wires them: the status banner, the
 * 'Did you complete the transaction?' panel, the notice of a payment in review, and what the page
 * does on an outcome (here a line of text instead of the receipt modal and the toasts).
 */
function PollingHarness() {
  const { t } = useTranslation('checkout');
  const [outcome, setOutcome] = useState<string | null>(null);
  const polling = usePaymentPolling({
    onCompleted: async (paymentId, status) => {
      const settled = await loadSettledOutcome(paymentId, status);
      setOutcome(
        settled.kind === 'receipt'
          ? `receipt ${settled.receipt.payment.receiptCode}`
          : settled.kind === 'refunded'
            ? t('toasts.paymentRefundedText')
            : 'receipt unavailable',
      );
    },
    onFailed: (_paymentId, reason: PaymentFailureReason | null) =>
      setOutcome(reason ? t(`toasts.failureReasons.${reason}`) : t('toasts.paymentFailedText')),
    onReview: (paymentId) =>
      setOutcome(t('toasts.paymentReviewText', { id: paymentId.slice(0, 8) })),
  });
  return (
    <>
      <PollingStatusBanner phase={polling.active ? polling.phase : null} />
      {polling.active && polling.showPanel ? (
        <TransactionCheckPanel onCheckStatus={polling.restart} onTryAgain={polling.reset} />
      ) : null}
      {polling.inReview ? <ReviewNotice paymentId={polling.inReview} /> : null}
      {outcome ? <p>{outcome}</p> : null}
    </>
  );
}

let testApp: TestApp;
let nominationId: string;
beforeAll(async () => {
  testApp = await createTestApp('pglite');
  const { nominations } = await createNominee(testApp.app.ctx.db);
  nominationId = nominations[0]!.id;
});
afterAll(() => testApp.close());

let network: FetchToApp;
beforeEach(() => {
  network = routeFetchToApp(testApp.app);
});

/** A pending payment left by a previous visit: the page resumes checking it on arrival. */
async function pendingPaymentInStorage(): Promise<string> {
  const payment = await createPendingPayment(testApp.app.ctx.db, {
    votes: [{ nominationId, voteCount: 2 }],
  });
  window.localStorage.setItem(PENDING_PAYMENT_KEY, payment.id);
  return payment.id;
}

const statusChecks = (paymentId: string) =>
  network.requests.filter((request) => request.url === `/api/payment/${paymentId}/status`).length;

/** Runs the poller's timers forward; the app's answers are real promises, awaited on the way. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('payment polling on the checkout screen', () => {
  beforeEach(() => {
    // Only the page's timers are faked: the app and its database keep their own clock. The fake
    // clock also follows real time, so Testing Library's own waiting (findBy) still ends.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  });

  it('says it is waiting, then shows the receipt once the payment completes', async () => {
    const paymentId = await pendingPaymentInStorage();
    await renderScreen(<PollingHarness />);
    expect(await screen.findByText('Waiting for transaction...')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Payment status' })).toBeTruthy();

    const { receiptCode } = await settlePayment(testApp.app.ctx.db, paymentId, {
      status: 'completed',
      amount: 200,
      currency: 'XAF',
    });
    await advance(8_000);
    expect(await screen.findByText(`receipt ${receiptCode}`)).toBeTruthy();
    // Settled: nothing is pending any more, so a reload starts afresh.
    expect(window.localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    expect(screen.queryByText('Waiting for transaction...')).toBeNull();
  });

  it('a failed payment shows why, in French too', async () => {
    const paymentId = await pendingPaymentInStorage();
    await renderScreen(<PollingHarness />, { language: 'fr' });
    expect(await screen.findByText('En attente de la transaction...')).toBeTruthy();

    await settlePayment(testApp.app.ctx.db, paymentId, {
      status: 'failed',
      reason: 'Insufficient balance',
    });
    await advance(8_000);
    expect(await screen.findByText(/Mobile Money était insuffisant pour ce paiement/)).toBeTruthy();
    expect(screen.queryByText('En attente de la transaction...')).toBeNull();
  });

  it(`asks "Did you complete the transaction?" after ${PRIMARY_ATTEMPTS} checks, and Try Again forgets the payment`, async () => {
    const paymentId = await pendingPaymentInStorage();
    const { user } = await renderScreen(<PollingHarness />, {
      advanceTimers: (ms) => vi.advanceTimersByTimeAsync(ms),
    });
    await screen.findByText('Waiting for transaction...');

    // Up to the last primary attempt but one: still no question.
    await advance(8_000 + 6 * 2_000 + 3 * 2_500);
    expect(statusChecks(paymentId)).toBe(1 + PRIMARY_ATTEMPTS - 1);
    expect(screen.queryByRole('heading', { name: 'Did you complete the transaction?' })).toBeNull();
    expect(screen.getByText('Still checking...')).toBeTruthy();

    await advance(2_500);
    expect(statusChecks(paymentId)).toBe(1 + PRIMARY_ATTEMPTS);
    expect(
      await screen.findByRole('heading', { name: 'Did you complete the transaction?' }),
    ).toBeTruthy();
    expect(screen.getByText('Taking longer than expected...')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByRole('heading', { name: 'Did you complete the transaction?' })).toBeNull();
    expect(window.localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('Check Status starts checking again at once', async () => {
    const paymentId = await pendingPaymentInStorage();
    const { user } = await renderScreen(<PollingHarness />, {
      advanceTimers: (ms) => vi.advanceTimersByTimeAsync(ms),
    });
    await screen.findByText('Waiting for transaction...');
    await advance(8_000 + 6 * 2_000 + 4 * 2_500);
    await screen.findByRole('heading', { name: 'Did you complete the transaction?' });
    const before = statusChecks(paymentId);

    await user.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText('Waiting for transaction...')).toBeTruthy();
    expect(statusChecks(paymentId)).toBe(before + 1);
    expect(screen.queryByRole('heading', { name: 'Did you complete the transaction?' })).toBeNull();
  });

  it('keeps a payment that goes to review, checks it now and then, and shows the receipt once it is credited', async () => {
    const paymentId = await pendingPaymentInStorage();
    await renderScreen(<PollingHarness />);
    await screen.findByText('Waiting for transaction...');

    // The provider reports more money than the order: the payment goes to review.
    await settlePayment(testApp.app.ctx.db, paymentId, {
      status: 'completed',
      amount: 201,
      currency: 'XAF',
    });
    await advance(8_000);
    expect(await screen.findByRole('heading', { name: 'Payment Under Review' })).toBeTruthy();
    expect(screen.getByText(/Do not pay again/, { selector: 'section p' })).toBeTruthy();
    expect(screen.queryByText('Waiting for transaction...')).toBeNull();
    expect(window.localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    expect(window.localStorage.getItem(REVIEW_PAYMENT_KEY)).toBe(paymentId);
    const checksInReview = statusChecks(paymentId);

    await advance(REVIEW_FIRST_DELAY_MS);
    expect(statusChecks(paymentId)).toBe(checksInReview + 1);
    const { receiptCode } = await creditReviewedPayment(testApp.app.ctx, paymentId);
    await advance(2 * REVIEW_FIRST_DELAY_MS);
    expect(await screen.findByText(`receipt ${receiptCode}`)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment Under Review' })).toBeNull();
    expect(window.localStorage.getItem(REVIEW_PAYMENT_KEY)).toBeNull();
  });

  it('back on the page, says a payment refunded from review was refunded, in French too', async () => {
    const payment = await createNeedsReviewPayment(testApp.app.ctx.db, {
      votes: [{ nominationId, voteCount: 2 }],
    });
    window.localStorage.setItem(REVIEW_PAYMENT_KEY, payment.id);
    await renderScreen(<PollingHarness />, { language: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Paiement en vérification' })).toBeTruthy();
    expect(statusChecks(payment.id)).toBe(1);

    await refundReviewedPayment(testApp.app.ctx, payment.id);
    await advance(REVIEW_FIRST_DELAY_MS);
    expect(
      await screen.findByText(
        "Les organisateurs vous ont remboursé l'intégralité de votre paiement ; aucun vote n'a été compté.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Paiement en vérification' })).toBeNull();
    expect(window.localStorage.getItem(REVIEW_PAYMENT_KEY)).toBeNull();
  });
});
