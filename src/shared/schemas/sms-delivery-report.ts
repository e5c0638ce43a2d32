import { z } from 'zod';

/** The query of an SMS gateway's delivery report: the secret its URL was given with. */
export const deliveryReportQuerySchema = z.object({ token: z.string().max(512).optional() });

/**
 * What Orange posts to a request's notifyURL: the callbackData it was sent with (our message id)
 * and what the network said (DeliveredToTerminal, DeliveryImpossible, DeliveredToNetwork,
 * MessageWaiting, DeliveryUncertain...). Other fields Orange may add are let through.
 */
export const orangeDeliveryReportSchema = z.object({
  deliveryInfoNotification: z.object({
    callbackData: z.string().max(255).optional(),
    deliveryInfo: z.object({
      address: z.string().max(64).optional(),
      deliveryStatus: z.string().min(1).max(64),
    }),
  }),
});
export type OrangeDeliveryReport = z.infer<typeof orangeDeliveryReportSchema>;

/**
 * What Africa's Talking posts (form-encoded) to the callback URL set in its dashboard: its
 * messageId, the status (Sent, Submitted, Buffered, Success, Failed, Rejected) and, for a
 * failure, why.
 */
export const africasTalkingDeliveryReportSchema = z.object({
  id: z.string().min(1).max(255),
  status: z.string().min(1).max(64),
  phoneNumber: z.string().max(64).optional(),
  networkCode: z.string().max(16).optional(),
  failureReason: z.string().max(128).optional(),
  retryCount: z.string().max(8).optional(),
});
export type AfricasTalkingDeliveryReport = z.infer<typeof africasTalkingDeliveryReportSchema>;
