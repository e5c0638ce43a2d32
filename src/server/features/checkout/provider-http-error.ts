import { HttpError } from '#server/http/http-error.js';
import {
  IntentLocked,
  PaymentRefused,
  ProviderUnavailable,
  ProviderUnreached,
} from '#server/payments/index.js';

/** A provider failure as the voter should see it; anything unexpected stays a 500 (a bug). */
export function providerHttpError(error: unknown, paymentId?: string): unknown {
  if (error instanceof PaymentRefused) return new HttpError(422, error.texts, { code: error.code });
  if (error instanceof IntentLocked) return new HttpError(409, error.texts);
  // Nothing reached the provider, so nothing is left to follow: the voter may try again.
  if (error instanceof ProviderUnreached)
    return new HttpError(502, error.texts, { code: error.code });
  if (error instanceof ProviderUnavailable) {
    // The payment may still complete (the provider may have acted): its id lets the page follow it.
    return new HttpError(502, error.texts, { code: error.code, paymentId });
  }
  return error;
}
