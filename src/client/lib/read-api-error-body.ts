import type { ApiErrorBody, InputIssue, PaymentFailureDetails } from '#shared/schemas/api-error';
import type { CheckoutChallenge } from '#shared/schemas/card-checkout';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readIssue(value: unknown): InputIssue | null {
  if (!isRecord(value)) return null;
  const { path, message } = value;
  return typeof path === 'string' && typeof message === 'string' ? { path, message } : null;
}

function readChallenge(value: unknown): CheckoutChallenge | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'sandbox') return { kind: 'sandbox' };
  if (value.kind === 'turnstile' && typeof value.siteKey === 'string') {
    return { kind: 'turnstile', siteKey: value.siteKey };
  }
  return null;
}

function readPaymentFailure(value: Record<string, unknown>): PaymentFailureDetails | null {
  const { code, paymentId } = value;
  if (code !== undefined && typeof code !== 'string') return null;
  if (paymentId !== undefined && !(typeof paymentId === 'string' && UUID.test(paymentId))) {
    return null;
  }
  const challenge = value.challenge === undefined ? undefined : readChallenge(value.challenge);
  if (challenge === null) return null;
  return {
    ...(code === undefined ? {} : { code }),
    ...(paymentId === undefined ? {} : { paymentId }),
    ...(challenge === undefined ? {} : { challenge }),
  };
}

function readDetails(details: unknown): ApiErrorBody['details'] | null {
  if (isRecord(details)) return readPaymentFailure(details);
  if (!Array.isArray(details)) return null;
  const issues = details.map(readIssue);
  return issues.some((issue) => issue === null) ? null : issues.filter((issue) => issue !== null);
}

/**
 * Reads an error answer as the shared refusal shape (`apiErrorBodySchema`) without loading zod:
 * every request, the first screen's included, can fail, and zod does not fit in that screen's
 * budget. The unit test holds it to the schema on the same fixtures. One tolerance: `details` of
 * another shape are left out rather than losing the message with them.
 */
export function readApiErrorBody(value: unknown): ApiErrorBody | null {
  if (!isRecord(value) || typeof value.message !== 'string') return null;
  const { message } = value;
  const details = value.details === undefined ? null : readDetails(value.details);
  return details === null ? { message } : { message, details };
}
