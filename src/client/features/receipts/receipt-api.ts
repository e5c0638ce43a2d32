import { apiRequest } from '../../lib/api-request';
import { receiptCodeResponseSchema } from '../../../shared/schemas/payment';
import {
  receiptDetailSchema,
  receiptLookupResponseSchema,
  type ReceiptDetail,
  type ReceiptLookupRequest,
  type ReceiptSummary,
} from '../../../shared/schemas/receipt';

/** GET /api/payment/receipt/{code} */
export async function fetchReceipt(code: string): Promise<ReceiptDetail> {
  const response = await apiRequest('GET', `/api/payment/receipt/${encodeURIComponent(code)}`);
  return receiptDetailSchema.parse(await response.json());
}

/** GET /api/payment/{id}/receipt-code, then the receipt itself (SPEC 4 "Completed"). */
export async function fetchReceiptForPayment(paymentId: string): Promise<ReceiptDetail> {
  const response = await apiRequest(
    'GET',
    `/api/payment/${encodeURIComponent(paymentId)}/receipt-code`,
  );
  const { receiptCode } = receiptCodeResponseSchema.parse(await response.json());
  return fetchReceipt(receiptCode);
}

/** POST /api/receipts/lookup: newest first. */
export async function lookupReceipts(request: ReceiptLookupRequest): Promise<ReceiptSummary[]> {
  const response = await apiRequest('POST', '/api/receipts/lookup', request);
  return receiptLookupResponseSchema.parse(await response.json()).receipts;
}
