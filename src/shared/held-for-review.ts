import type { PaymentStatus } from './schemas/payment.js';

/**
 * A completed payment an organiser held back for review (a velocity flag made them doubt it): it
 * waits in `needs_review` with its votes out of the tallies, its money and receipt kept. The
 * failure reason says so, followed by the organiser's words, and is how every reader (the credit
 * action, refunds, the tracking screen) tells such a payment from one whose money was in doubt.
 */
const PREFIX = 'held_for_review';

export function describeHold(reason: string): string {
  return `${PREFIX}: ${reason}`.slice(0, 500);
}

export function isHeldForReview(payment: {
  status: PaymentStatus;
  failureReason: string | null;
}): boolean {
  return (
    payment.status === 'needs_review' && (payment.failureReason ?? '').startsWith(`${PREFIX}:`)
  );
}

/** The organiser's words of a hold, or null when the reason is not a hold's. */
export function holdReasonOf(failureReason: string | null): string | null {
  return failureReason?.startsWith(`${PREFIX}: `) ? failureReason.slice(PREFIX.length + 2) : null;
}
