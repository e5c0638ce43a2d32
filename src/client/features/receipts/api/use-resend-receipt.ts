import { useMutation } from '@tanstack/react-query';
import { receiptResendResponseSchema } from '#shared/schemas/payment-messages';
import { sendJson } from '#client/lib/api-client';

/**
 * POST /api/payment/receipt/{code}/resend: the receipt goes again to the phone and e-mail its
 * payment was made with. The request names no address, so none but those can receive it.
 */
export function useResendReceipt(receiptCode: string) {
  return useMutation({
    mutationFn: () =>
      sendJson(
        'POST',
        `/api/payment/receipt/${encodeURIComponent(receiptCode)}/resend`,
        undefined,
        receiptResendResponseSchema,
      ),
  });
}
