import type { VoterText } from '#server/http/voter-text.js';

/** A provider failure the voter is told about: English `message` for logs, both texts for the toast. */
abstract class ProviderError extends Error {
  constructor(
    readonly texts: VoterText,
    readonly code: string,
  ) {
    super(texts.en);
  }
}

/**
 * The provider definitely did not take the payment (bad number, unsupported carrier, insufficient
 * balance, invalid amount): the payment can be failed at once and the voter told why.
 */
export class PaymentRefused extends ProviderError {}

/**
 * The provider could not be reached or answered with an error we cannot interpret. Whether it
 * acted is unknown, so the payment stays pending and the provider's later report decides it.
 */
export class ProviderUnavailable extends ProviderError {}

/**
 * The request never reached the provider: its address refused the connection or could not be
 * found, or no access token could be had to send it with. The provider cannot have acted, so a
 * payment it was to start can fail at once and the voter simply try again. Still a
 * `ProviderUnavailable` everywhere that cannot tell the difference.
 */
export class ProviderUnreached extends ProviderUnavailable {}

/** The card intent is being paid (or was paid) and can no longer take a different amount. */
export class IntentLocked extends ProviderError {
  constructor() {
    super(
      {
        en: 'This payment is already being processed and can no longer change.',
        fr: 'Ce paiement est déjà en cours de traitement et ne peut plus être modifié.',
      },
      'intent_locked',
    );
  }
}
