import type { DeliveryStatus } from '#shared/schemas/outbox.js';

/**
 * Orange's delivery statuses in our terms. DeliveredToNetwork, MessageWaiting and
 * DeliveryUncertain are no final word: the network still holds the message, or cannot yet say.
 */
const ORANGE: Record<string, DeliveryStatus> = {
  DeliveredToTerminal: 'delivered',
  DeliveryImpossible: 'undeliverable',
  DeliveredToNetwork: 'submitted',
  MessageWaiting: 'submitted',
  DeliveryUncertain: 'submitted',
};

/** Africa's Talking's: Success reached the phone; Failed and Rejected never will. */
const AFRICAS_TALKING: Record<string, DeliveryStatus> = {
  Success: 'delivered',
  Failed: 'undeliverable',
  Rejected: 'undeliverable',
  Sent: 'submitted',
  Submitted: 'submitted',
  Buffered: 'submitted',
};

/** Undefined for a status we do not know: it is logged and changes nothing. */
export const orangeDeliveryStatus = (status: string): DeliveryStatus | undefined =>
  Object.hasOwn(ORANGE, status) ? ORANGE[status] : undefined;

export const africasTalkingDeliveryStatus = (status: string): DeliveryStatus | undefined =>
  Object.hasOwn(AFRICAS_TALKING, status) ? AFRICAS_TALKING[status] : undefined;
