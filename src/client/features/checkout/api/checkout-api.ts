import {
  cardPaymentResponseSchema,
  confirmPaymentResponseSchema,
  mobileMoneyPaymentResponseSchema,
  paymentAttemptResponseSchema,
  paymentConfigSchema,
  paymentEmailResponseSchema,
  paymentStatusResponseSchema,
  sandboxCardResponseSchema,
  type CardPaymentRequest,
  type CardPaymentResponse,
  type ConfirmPaymentResponse,
  type MobileMoneyPaymentRequest,
  type MobileMoneyPaymentResponse,
  type PaymentStatusResponse,
  type SandboxCardRequest,
  type SandboxCardResponse,
} from '#shared/schemas/payment';
import {
  checkoutChallengeResponseSchema,
  type CheckoutChallengeResponse,
} from '#shared/schemas/card-checkout';
import { queryOptions } from '@tanstack/react-query';
import { getJson, sendJson } from '#client/lib/api-client';

const paymentPath = (paymentId: string, action: string) =>
  `/api/payment/${encodeURIComponent(paymentId)}/${action}`;

export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: ['/api/payment-config'],
    queryFn: ({ signal }) => getJson('/api/payment-config', paymentConfigSchema, { signal }),
  });

export function startMobileMoneyPayment(
  request: MobileMoneyPaymentRequest,
): Promise<MobileMoneyPaymentResponse> {
  return sendJson('POST', '/api/campay-payment', request, mobileMoneyPaymentResponseSchema);
}

/** Creates the pending card payment, or moves the one in `paymentId` to the new split. */
export function prepareCardPayment(request: CardPaymentRequest): Promise<CardPaymentResponse> {
  return sendJson('POST', '/api/create-payment-intent-multi', request, cardPaymentResponseSchema);
}

export async function saveVoterEmail(paymentId: string, voterEmail: string): Promise<void> {
  await sendJson(
    'PATCH',
    paymentPath(paymentId, 'email'),
    { voterEmail },
    paymentEmailResponseSchema,
  );
}

export async function markPaymentAttempt(paymentId: string): Promise<void> {
  await sendJson(
    'PATCH',
    paymentPath(paymentId, 'attempt'),
    undefined,
    paymentAttemptResponseSchema,
  );
}

export function confirmCardPayment(paymentIntentId: string): Promise<ConfirmPaymentResponse> {
  return sendJson(
    'POST',
    '/api/confirm-payment',
    { paymentIntentId },
    confirmPaymentResponseSchema,
  );
}

/** Plays the card network in sandbox mode; a declined test card answers 402 with its message. */
export function chargeSandboxCard(request: SandboxCardRequest): Promise<SandboxCardResponse> {
  return sendJson('POST', '/api/sandbox/card-confirm', request, sandboxCardResponseSchema);
}

/** Hands the server the token of a passed challenge; the checkout session may then pay by card. */
export function passCheckoutChallenge(token: string): Promise<CheckoutChallengeResponse> {
  return sendJson('POST', '/api/checkout/challenge', { token }, checkoutChallengeResponseSchema);
}

/** A status check must not hang on a dead connection: it counts as a lost one after this. */
const STATUS_TIMEOUT_MS = 15_000;

export async function fetchPaymentStatus(paymentId: string): Promise<PaymentStatusResponse> {
  // AbortSignal.timeout would be shorter, but the oldest browsers the build targets lack it.
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), STATUS_TIMEOUT_MS);
  try {
    return await getJson(paymentPath(paymentId, 'status'), paymentStatusResponseSchema, {
      cache: 'no-store',
      signal: controller.signal,
    });
  } finally {
    window.clearTimeout(timer);
  }
}
