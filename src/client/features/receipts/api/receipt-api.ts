import { receiptCodeResponseSchema } from '#shared/schemas/payment';
import {
  receiptDetailSchema,
  receiptLookupCodeResponseSchema,
  receiptLookupResponseSchema,
  type ReceiptDetail,
  type ReceiptLookupCodeRequest,
  type ReceiptLookupCodeResponse,
  type ReceiptLookupRequest,
  type ReceiptSummary,
} from '#shared/schemas/receipt';
import { getJson, sendJson } from '#client/lib/api-client';

/** GET /api/payment/receipt/{code} */
export function fetchReceipt(code: string): Promise<ReceiptDetail> {
  return getJson(`/api/payment/receipt/${encodeURIComponent(code)}`, receiptDetailSchema);
}

/** GET /api/payment/{id}/receipt-code, then the receipt itself. */
export async function fetchReceiptForPayment(paymentId: string): Promise<ReceiptDetail> {
  const { receiptCode } = await getJson(
    `/api/payment/${encodeURIComponent(paymentId)}/receipt-code`,
    receiptCodeResponseSchema,
  );
  return fetchReceipt(receiptCode);
}

/** POST /api/receipts/lookup/code: the same answer whether or not a code was really sent. */
export function requestLookupCode(
  request: ReceiptLookupCodeRequest,
): Promise<ReceiptLookupCodeResponse> {
  return sendJson('POST', '/api/receipts/lookup/code', request, receiptLookupCodeResponseSchema);
}

/** POST /api/receipts/lookup, with the code sent to the e-mail or phone: newest first. */
export async function lookupReceipts(request: ReceiptLookupRequest): Promise<ReceiptSummary[]> {
  const { receipts } = await sendJson(
    'POST',
    '/api/receipts/lookup',
    request,
    receiptLookupResponseSchema,
  );
  return receipts;
}
