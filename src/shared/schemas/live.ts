import { z } from 'zod';
import { uuidSchema } from './ids.js';
import { eventStatusSchema } from './event.js';

/**
 * The live streams (Server-Sent Events). `GET /api/live` is public: tallies (only while counts
 * are visible) and the event's status. `GET /api/admin/live` is for admins: settled payments.
 * Each message is one SSE event whose `event:` line is the message's `type` and whose `data:` is
 * this JSON; its `id:` lets a reconnecting client ask for what it missed (`Last-Event-ID`). When
 * the server cannot replay from that id it sends a `snapshot` instead.
 */

/** A nomination's vote count as it stands now (absolute, so a repeated message changes nothing). */
export const liveTallySchema = z.object({ id: uuidSchema, voteCount: z.number().int() });
export type LiveTally = z.infer<typeof liveTallySchema>;

export const liveEventStateSchema = z.object({
  status: eventStatusSchema,
  countsVisible: z.boolean(),
  resultsPublishedAt: z.string().nullable(),
});
export type LiveEventState = z.infer<typeof liveEventStateSchema>;

/** Public stream: `snapshot` on connect, then `tallies` and `event` as they happen. */
export const publicLiveMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('snapshot'),
    event: liveEventStateSchema,
    /** Every visible nomination's count; absent while counts are hidden. */
    tallies: z.array(liveTallySchema).optional(),
  }),
  z.object({ type: z.literal('tallies'), tallies: z.array(liveTallySchema) }),
  z.object({ type: z.literal('event'), event: liveEventStateSchema }),
]);
export type PublicLiveMessage = z.infer<typeof publicLiveMessageSchema>;

/**
 * Admin stream: `hello` on connect, then each payment that leaves `pending` or changes state.
 * `resumed`: the client reconnected with Last-Event-ID and is sent what it missed; otherwise it
 * may have missed payments and refetches what they change.
 */
export const adminLiveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), resumed: z.literal(true).optional() }),
  z.object({
    type: z.literal('payment'),
    paymentId: uuidSchema,
    status: z.string(),
    provider: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    votes: z.number().int(),
  }),
]);
export type AdminLiveMessage = z.infer<typeof adminLiveMessageSchema>;
