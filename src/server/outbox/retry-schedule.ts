/** When to try a message again, and when to stop. */
export interface RetryPolicy {
  /** The wait after the first failed attempt; each later one doubles it. */
  baseDelayMs: number;
  /** No wait is longer, however many attempts failed (a retry-after included). */
  maxDelayMs: number;
  /** After this many failed attempts the message is `failed`. */
  maxAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 5_000,
  maxDelayMs: 30 * 60_000,
  maxAttempts: 8,
};

/**
 * The wait before attempt `attempts + 1`: exponential, capped, with "full jitter" (a random
 * point between half the wait and the whole of it), so messages that failed together (a gateway
 * outage) come back spread out instead of all at once. `random` is injectable for tests.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempts: number,
  random: () => number = Math.random,
): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, attempts - 1);
  const capped = Math.min(policy.maxDelayMs, exponential);
  return Math.round(capped / 2 + (random() * capped) / 2);
}
