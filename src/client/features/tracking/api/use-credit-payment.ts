import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditResponseSchema, type CreditRequest } from '#shared/schemas/payment';
import { sendJson } from '#client/lib/api-client';

/** Counts the votes of a payment in review (POST /api/admin/payments/{id}/credit); refreshes all. */
export function useCreditPayment(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreditRequest) =>
      sendJson(
        'POST',
        `/api/admin/payments/${encodeURIComponent(paymentId)}/credit`,
        request,
        creditResponseSchema,
      ),
    // Not awaited: a returned promise would hold the caller's own callbacks (close the dialog, say
    // what was done) until every query had refetched, and a refetch that drops the payment from
    // the list unmounts the dialog first, its toast lost with it.
    onSettled: () => {
      void queryClient.invalidateQueries();
    },
  });
}
