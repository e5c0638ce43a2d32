import { payments } from '../db/schema.js';
import type { Provider } from '../../shared/money.js';
import type { PaymentRecord } from './providers/payment-provider.js';

/** The columns a provider needs, for `select`/`returning`. */
export const paymentRecordColumns = {
  id: payments.id,
  provider: payments.provider,
  providerRef: payments.providerRef,
  amount: payments.amount,
  currency: payments.currency,
  phoneNumber: payments.phoneNumber,
  createdAt: payments.createdAt,
};

export function toPaymentRecord(row: {
  id: string;
  provider: string;
  providerRef: string | null;
  amount: number;
  currency: string;
  phoneNumber: string | null;
  createdAt: Date;
}): PaymentRecord {
  return { ...row, provider: row.provider as Provider };
}
