import { HttpError } from '../../http/http-error.js';
import {
  IntentLocked,
  PaymentRefused,
  ProviderUnavailable,
} from '../../payments/providers/provider-errors.js';

/** A provider failure as the voter should see it; anything unexpected stays a 500 (a bug). */
export function providerHttpError(error: unknown): unknown {
  if (error instanceof PaymentRefused)
    return new HttpError(422, error.message, { code: error.code });
  if (error instanceof IntentLocked) return new HttpError(409, error.message);
  if (error instanceof ProviderUnavailable) {
    return new HttpError(502, error.message, { code: error.code });
  }
  return error;
}
