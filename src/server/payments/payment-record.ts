import { payments } from '#server/db/schema.js';

/** The columns a provider needs (a PaymentRecord), for `select`/`returning`. */
export const paymentRecordColumns = {
  id: payments.id,
  provider: payments.provider,
  providerRef: payments.providerRef,
  amount: payments.amount,
  currency: payments.currency,
  phoneNumber: payments.phoneNumber,
  createdAt: payments.createdAt,
};
