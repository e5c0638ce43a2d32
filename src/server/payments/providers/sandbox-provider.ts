import { randomBytes } from 'node:crypto';
import { PHONE } from '#shared/limits.js';
import { mobileOperatorOf } from '#shared/schemas/payment.js';
import type { VoterText } from '#server/http/voter-text.js';
import type {
  CardIntentView,
  CardProvider,
  MobileMoneyProvider,
  PaymentRecord,
  ProviderReport,
} from './payment-provider.js';
import { CAMPAY_REFUSALS } from './campay-client.js';
import { PaymentRefused } from './provider-errors.js';
import {
  isSandboxRef,
  paymentIdOfSandboxIntent,
  SANDBOX_INTENT_PREFIX,
  sandboxIntentId,
  sandboxMobileRef,
} from './sandbox-refs.js';
import {
  SANDBOX_CARD_DECLINES,
  SANDBOX_PHONE_FAILURES,
  SANDBOX_TEST_CARDS,
  SANDBOX_TEST_PHONES,
} from './sandbox-test-numbers.js';

export type SandboxCardResult = { ok: true } | { ok: false; code: string; texts: VoterText };

/**
 * Both payment methods, offline, through the same routes and settle() calls as the real providers.
 *
 * Mobile money: the outcome is a pure function of the phone number and the time since the payment
 * was created, so it survives restarts and any instance (a poll, the reconciler, or the timer that
 * stands in for the provider's callback) reaches the same answer.
 *
 * Card: the voter's test card decides, through POST /api/sandbox/card-confirm, which plays the
 * part of Stripe confirming the intent.
 */
export class SandboxProvider implements CardProvider, MobileMoneyProvider {
  readonly kind = 'sandbox' as const;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly settleDelayMs: number,
    /** Called when a mobile-money payment's outcome is due, as Campay's callback would arrive. */
    private readonly onDue: (paymentId: string) => void,
  ) {}

  owns(payment: PaymentRecord): boolean {
    return isSandboxRef(payment.providerRef);
  }

  async collect(input: { paymentId: string; phoneNumber: string }) {
    const refused = SANDBOX_TEST_PHONES.find(
      (p) => p.phoneNumber === input.phoneNumber && p.outcome === 'refused',
    );
    if (refused) {
      // Campay refuses a collect request only for the number, carrier or amount; a voter's empty
      // wallet is a FAILED transaction later (the `fails` numbers), never a refusal.
      throw new PaymentRefused(CAMPAY_REFUSALS.ER101!, 'ER101');
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.onDue(input.paymentId);
    }, this.settleDelayMs);
    timer.unref();
    this.timers.add(timer);
    const operator = mobileOperatorOf(input.phoneNumber.slice(PHONE.countryCode.length));
    return {
      providerRef: sandboxMobileRef(input.paymentId),
      ussdCode: operator === 'ORANGE' ? '#150*50#' : '*126#',
      operator,
    };
  }

  async check(payment: PaymentRecord): Promise<ProviderReport> {
    // Card outcomes are decided by the test card (chargeCard); until then the intent waits.
    if (!payment.providerRef || payment.providerRef.startsWith(SANDBOX_INTENT_PREFIX)) {
      return { state: 'pending' };
    }
    if (Date.now() - payment.createdAt.getTime() < this.settleDelayMs) return { state: 'pending' };
    const phone = payment.phoneNumber ?? '';
    const failure = SANDBOX_PHONE_FAILURES[phone];
    if (failure) return { state: 'failed', reason: failure, providerRef: payment.providerRef };
    if (
      SANDBOX_TEST_PHONES.some((p) => p.phoneNumber === phone && p.outcome === 'never_completes')
    ) {
      return { state: 'pending' };
    }
    return {
      state: 'completed',
      amount: payment.amount,
      currency: payment.currency,
      providerRef: payment.providerRef,
    };
  }

  async abandon(payment: PaymentRecord): Promise<ProviderReport> {
    const report = await this.check(payment);
    return report.state === 'pending' ? { state: 'failed', reason: 'expired' } : report;
  }

  /** The sandbox holds no money: a refund is accepted at once, as a provider's would be. */
  async refund(): Promise<void> {}

  async prepareIntent(input: { paymentId: string; existingIntentId: string | null }) {
    const intentId = input.existingIntentId ?? sandboxIntentId(input.paymentId);
    return { intentId, clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}` };
  }

  async retrieveIntent(intentId: string): Promise<CardIntentView | null> {
    const paymentId = paymentIdOfSandboxIntent(intentId);
    return paymentId ? { intentId, paymentId, report: { state: 'pending' } } : null;
  }

  /** What the card network would answer for this test card. */
  chargeCard(cardNumber: string): SandboxCardResult {
    const decline = SANDBOX_CARD_DECLINES[cardNumber];
    if (decline) return { ok: false, ...decline };
    if (SANDBOX_TEST_CARDS.some((c) => c.number === cardNumber && c.outcome === 'succeeds')) {
      return { ok: true };
    }
    return {
      ok: false,
      code: 'unknown_card',
      texts: {
        en: 'Sandbox mode accepts test cards only: use 4242 4242 4242 4242.',
        fr: "Le mode test n'accepte que les cartes de test : utilisez 4242 4242 4242 4242.",
      },
    };
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
