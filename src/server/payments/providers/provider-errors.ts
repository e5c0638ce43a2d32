/**
 * The provider definitely did not take the payment (bad number, unsupported carrier, insufficient
 * balance, invalid amount): the payment can be failed at once and the voter told why.
 */
export class PaymentRefused extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * The provider could not be reached or answered with an error we cannot interpret. Whether it
 * acted is unknown, so the payment stays pending and the provider's later report decides it.
 */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The card intent is being paid (or was paid) and can no longer take a different amount. */
export class IntentLocked extends Error {
  constructor(message = 'This payment is already being processed and can no longer change.') {
    super(message);
  }
}
