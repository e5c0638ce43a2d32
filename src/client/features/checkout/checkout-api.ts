import { apiRequest, throwIfNotOk } from '../../lib/api-request';
import {
  cardPaymentResponseSchema,
  confirmPaymentResponseSchema,
  mobileMoneyPaymentResponseSchema,
  paymentConfigSchema,
  paymentStatusResponseSchema,
  sandboxCardResponseSchema,
  type CardPaymentRequest,
  type CardPaymentResponse,
  type ConfirmPaymentResponse,
  type MobileMoneyPaymentRequest,
  type MobileMoneyPaymentResponse,
  type PaymentConfig,
  type PaymentStatus,
  type SandboxCardRequest,
  type SandboxCardResponse,
} from '../../../shared/schemas/payment';

/** The payment calls of SPEC 7, with answers checked against the shared schemas. */
const paymentPath = (paymentId: string, action: string) =>
  `/api/payment/${encodeURIComponent(paymentId)}/${action}`;

export async function fetchPaymentConfig(): Promise<PaymentConfig> {
  const response = await apiRequest('GET', '/api/payment-config');
  return paymentConfigSchema.parse(await response.json());
}

export async function startMobileMoneyPayment(
  request: MobileMoneyPaymentRequest,
): Promise<MobileMoneyPaymentResponse> {
  const response = await apiRequest('POST', '/api/campay-payment', request);
  return mobileMoneyPaymentResponseSchema.parse(await response.json());
}

/** Creates the pending card payment, or moves the one in `paymentId` to the new split. */
export async function prepareCardPayment(
  request: CardPaymentRequest,
): Promise<CardPaymentResponse> {
  const response = await apiRequest('POST', '/api/create-payment-intent-multi', request);
  return cardPaymentResponseSchema.parse(await response.json());
}

export async function saveVoterEmail(paymentId: string, voterEmail: string): Promise<void> {
  await apiRequest('PATCH', paymentPath(paymentId, 'email'), { voterEmail });
}

export async function markPaymentAttempt(paymentId: string): Promise<void> {
  await apiRequest('PATCH', paymentPath(paymentId, 'attempt'));
}

export async function confirmCardPayment(paymentIntentId: string): Promise<ConfirmPaymentResponse> {
  const response = await apiRequest('POST', '/api/confirm-payment', { paymentIntentId });
  return confirmPaymentResponseSchema.parse(await response.json());
}

/** Plays the card network in sandbox mode; a declined test card answers 402 with its message. */
export async function chargeSandboxCard(request: SandboxCardRequest): Promise<SandboxCardResponse> {
  const response = await apiRequest('POST', '/api/sandbox/card-confirm', request);
  return sandboxCardResponseSchema.parse(await response.json());
}

/** A status check must not hang on a dead connection: it counts as a lost one after this. */
const STATUS_TIMEOUT_MS = 15_000;

export async function fetchPaymentStatus(paymentId: string): Promise<PaymentStatus> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), STATUS_TIMEOUT_MS);
  try {
    const response = await fetch(paymentPath(paymentId, 'status'), {
      credentials: 'include',
      cache: 'no-store',
      signal: controller.signal,
    });
    await throwIfNotOk(response);
    return paymentStatusResponseSchema.parse(await response.json()).status;
  } finally {
    window.clearTimeout(timer);
  }
}
