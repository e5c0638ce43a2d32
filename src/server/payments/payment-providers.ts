import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.js';
import { CampayClient } from './providers/campay-client.js';
import { CampayProvider } from './providers/campay-provider.js';
import type {
  CardProvider,
  MobileMoneyProvider,
  PaymentProvider,
  PaymentRecord,
} from './providers/payment-provider.js';
import { SandboxProvider } from './providers/sandbox-provider.js';
import { StripeProvider } from './providers/stripe-provider.js';

export interface PaymentProvidersOptions {
  /** Background work (the sandbox's simulated callbacks) reports problems here. */
  log: Pick<FastifyBaseLogger, 'error'>;
  /**
   * What the sandbox does when a mobile-money outcome is due, as Campay's callback would arrive:
   * given by the composition root, so this module needs nothing from the settlement side.
   */
  onSandboxDue: (paymentId: string) => Promise<unknown>;
}

/** The providers this app instance runs, chosen once from configuration. */
export class PaymentProviders {
  readonly stripe: StripeProvider | null;
  readonly campay: CampayProvider | null;
  readonly sandbox: SandboxProvider | null;
  readonly card: CardProvider | null;
  readonly mobileMoney: MobileMoneyProvider | null;

  constructor(config: Config, { log, onSandboxDue }: PaymentProvidersOptions) {
    this.stripe = config.stripe ? new StripeProvider(config.stripe) : null;
    this.campay = config.campay ? new CampayProvider(new CampayClient(config.campay)) : null;
    const needsSandbox = !this.stripe || !this.campay;
    this.sandbox =
      needsSandbox && config.sandbox.enabled
        ? new SandboxProvider(config.sandbox.settleDelayMs, (paymentId) => {
            onSandboxDue(paymentId).catch((error: unknown) =>
              log.error({ err: error, paymentId }, 'sandbox settlement failed'),
            );
          })
        : null;
    this.card = this.stripe ?? this.sandbox;
    this.mobileMoney = this.campay ?? this.sandbox;
  }

  /** The implementation that can speak for a stored payment, or null when none here can. */
  forPayment(payment: PaymentRecord): PaymentProvider | null {
    for (const provider of [this.sandbox, this.stripe, this.campay]) {
      if (provider?.owns(payment)) return provider;
    }
    return null;
  }

  close(): void {
    this.sandbox?.close();
  }
}
