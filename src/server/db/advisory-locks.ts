/**
 * Every PostgreSQL advisory-lock id the app takes, in one place. Locks share a single namespace per
 * database, so two jobs on the same id would block or skip each other for no reason; keeping them
 * side by side (and a test that they differ) is what prevents that. An id must never change while
 * instances that use it may still run, or an old and a new instance would not exclude each other.
 */
export const ADVISORY_LOCKS = {
  /** Applying migrations at start (session lock: concurrent starts wait their turn). */
  migrate: 7243001,
  /** Seeding the demo event into an empty database. */
  seed: 7243002,
  /** Reconciling pending payments: the scheduled run and the admin's "Check Campay Payments". */
  reconcile: 7243010,
  /** Deleting expired sessions (transaction lock: other instances skip that tick). */
  sessionPurge: 7243011,
  /**
   * A refund being made at the provider, with the payment's id as the second key (the two-key
   * form lives apart from the one-key locks above): one refund of a payment at a time.
   */
  refund: 7243012,
  /** The scheduled check that the books balance: one instance runs it, the others skip that tick. */
  integrity: 7243013,
  /**
   * Issuing a receipt lookup code, with a hash of the recipient as the second key (transaction
   * lock, two-key form): concurrent requests for one recipient count each other against its limit.
   */
  lookupCode: 7243014,
  /** The velocity flags of voter tracking: one instance runs them, the others skip that tick. */
  velocity: 7243015,
  /** Reading Stripe's events back (the catch-up): one instance runs it, the others skip that tick. */
  stripeEvents: 7243016,
} as const;
