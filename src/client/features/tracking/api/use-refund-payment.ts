import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refundResponseSchema, type RefundRequest } from '#shared/schemas/payment';
import { sendJson } from '#client/lib/api-client';

/**
 * Refunds a payment (POST /api/admin/payments/{id}/refund). A refund changes the payment, the
 * tallies, the analytics and the audit trail at once, so every query is refreshed afterwards.
 */
export function useRefundPayment(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RefundRequest) =>
      sendJson(
        'POST',
        `/api/admin/payments/${encodeURIComponent(paymentId)}/refund`,
        request,
        refundResponseSchema,
      ),
    // Not awaited: a returned promise would hold the caller's own callbacks (close the dialog, say
    // what was done) until every query had refetched, and a refetch that drops the payment from
    // the list unmounts the dialog first, its toast lost with it.
    onSettled: () => {
      void queryClient.invalidateQueries();
    },
  });
}
