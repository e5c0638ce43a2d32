import { EventEmitter } from 'node:events';
import { z } from 'zod';
import { paymentStatusSchema } from '#shared/schemas/payment.js';

/** A nomination's vote count as settle() wrote it, with the sequence number of that write. */
export const countedTallySchema = z.object({
  id: z.string(),
  voteCount: z.number().int(),
  seq: z.number().int(),
});
export type CountedTally = z.infer<typeof countedTallySchema>;

/**
 * A payment that left `pending` (or our own expiry), or whose refund or dispute changed it; the
 * admin live stream reports it.
 */
export const settledPaymentSchema = z.object({
  paymentId: z.string(),
  status: paymentStatusSchema.exclude(['pending']),
  provider: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  votes: z.number().int(),
  /**
   * When the payment was created and when this change settled it (ISO 8601), for the settlement
   * lag. Only on a settlement (settle()); a later refund or dispute (revisePayment()) has none.
   */
  settlement: z.object({ createdAt: z.string(), settledAt: z.string() }).optional(),
});
export type SettledPayment = z.infer<typeof settledPaymentSchema>;

export interface AppEventMap {
  /**
   * Something the public catalogue shows changed other than votes (artists, categories,
   * nominations, translations): drop the cached snapshot.
   */
  'catalog-changed': [];
  /** settle() changed these nominations' counts (see TallyBoard). */
  'votes-counted': [{ tallies: CountedTally[] }];
  'payment-settled': [SettledPayment];
  /** The event's settings or results publication changed: drop the cached event. */
  'event-changed': [];
}

/** The events every instance must hear, relayed through Redis when it is configured. */
export const FANNED_OUT_EVENTS = [
  'catalog-changed',
  'event-changed',
  'votes-counted',
  'payment-settled',
] as const;
export type FannedOutEvent = (typeof FANNED_OUT_EVENTS)[number];

/** What a relayed event carries, checked when it arrives from another instance. */
export const FANNED_OUT_ARGS = {
  'catalog-changed': z.tuple([]),
  'event-changed': z.tuple([]),
  'votes-counted': z.tuple([z.object({ tallies: z.array(countedTallySchema) })]),
  'payment-settled': z.tuple([settledPaymentSchema]),
} satisfies { [K in FannedOutEvent]: z.ZodType<AppEventMap[K]> };

/** In-process events; with REDIS_URL they are also fanned out to the other instances. */
export class AppEvents extends EventEmitter<AppEventMap> {
  private inRelay = false;

  /**
   * True while listeners hear an event another instance announced (see relay()). A listener that
   * counts what this instance did (the metrics) skips those, or a sum over the instances would
   * count each settlement once per instance; one that shows what happened (the live streams)
   * takes them all.
   */
  get relaying(): boolean {
    return this.inRelay;
  }

  /** Emits an event heard from another instance, its arguments already checked (redis-fanout.ts). */
  relay<K extends FannedOutEvent>(name: K, args: readonly unknown[]): void {
    const outer = this.inRelay;
    this.inRelay = true;
    try {
      (this.emit as (name: K, ...args: unknown[]) => boolean).call(this, name, ...args);
    } finally {
      this.inRelay = outer;
    }
  }
}
