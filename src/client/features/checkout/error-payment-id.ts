import { apiErrorDetails } from '#client/lib/api-error-details';

/**
 * A provider timeout leaves the payment pending on the server, which may still complete it; the
 * error answer then names that payment in `details.paymentId`, so the page follows it instead of
 * inviting the voter to pay twice.
 */
export function paymentIdInError(error: unknown): string | null {
  const details = apiErrorDetails(error);
  if (!details || Array.isArray(details)) return null;
  return details.paymentId ?? null;
}
