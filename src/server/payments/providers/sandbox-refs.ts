/**
 * Sandbox payments are stored under the real provider names (so analytics, tracking and receipts
 * treat them like any other) and told apart by their reference prefix.
 */
export const SANDBOX_INTENT_PREFIX = 'sandbox_pi_';
export const SANDBOX_MOBILE_PREFIX = 'sandbox_mm_';

export function isSandboxRef(ref: string | null): boolean {
  return ref !== null && ref.startsWith('sandbox_');
}

const compact = (uuid: string) => uuid.replace(/-/g, '');

export function sandboxIntentId(paymentId: string): string {
  return `${SANDBOX_INTENT_PREFIX}${compact(paymentId)}`;
}

/** The payment id a sandbox intent id was built from, or null when it is not one. */
export function paymentIdOfSandboxIntent(intentId: string): string | null {
  if (!intentId.startsWith(SANDBOX_INTENT_PREFIX)) return null;
  const hex = intentId.slice(SANDBOX_INTENT_PREFIX.length);
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function sandboxMobileRef(paymentId: string): string {
  return `${SANDBOX_MOBILE_PREFIX}${compact(paymentId)}`;
}
