/** More pending payments than a results night has in flight at once: past it, the memory is cleared. */
const MAX_REMEMBERED = 50_000;

/**
 * The payments this instance claimed a provider check for (refreshPayment), and when, by its own
 * monotonic clock. A claim in the database holds for PAYMENT_POLL_INTERVAL_MS: within it, the
 * conditional UPDATE that claims again can only find nothing, so a poll here skips it and a
 * pending payment's poll is one read instead of a read and a write. The time is taken before the
 * claim is asked for, so it is never later than the database's, and a claim due there is never
 * skipped here. Claims made by other instances are still found by the UPDATE.
 */
export class RecentProviderChecks {
  private readonly claimedAt = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The moment to note if the claim about to be asked for succeeds. */
  startClaim(): number {
    return this.now();
  }

  /** Whether this instance claimed the payment's check less than the interval ago. */
  claimedRecently(paymentId: string): boolean {
    const at = this.claimedAt.get(paymentId);
    if (at === undefined) return false;
    if (this.now() - at < this.intervalMs) return true;
    this.claimedAt.delete(paymentId);
    return false;
  }

  claimed(paymentId: string, startedAt: number): void {
    if (this.claimedAt.size >= MAX_REMEMBERED) this.claimedAt.clear();
    this.claimedAt.set(paymentId, startedAt);
  }
}
