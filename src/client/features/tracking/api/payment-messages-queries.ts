import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentMessagesResponseSchema } from '#shared/schemas/payment-messages';
import { getJson, sendJson } from '#client/lib/api-client';

const paymentUrl = (paymentId: string) => `/api/admin/payments/${encodeURIComponent(paymentId)}`;

/** GET /api/admin/payments/{id}/messages: the payment's messages, newest first. */
export const paymentMessagesQuery = (paymentId: string) =>
  queryOptions({
    queryKey: [`${paymentUrl(paymentId)}/messages`],
    queryFn: ({ signal }) =>
      getJson(`${paymentUrl(paymentId)}/messages`, paymentMessagesResponseSchema, { signal }),
  });

/** The messages while the dialog is open; asked again each time it opens. */
export function usePaymentMessages(paymentId: string) {
  return useQuery({ ...paymentMessagesQuery(paymentId), staleTime: 0 });
}

/**
 * POST /api/admin/payments/{id}/receipt/resend; the list then shows the new copies (and the audit
 * trail its entry).
 */
export function useResendReceipt(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      sendJson(
        'POST',
        `${paymentUrl(paymentId)}/receipt/resend`,
        undefined,
        paymentMessagesResponseSchema,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentMessagesQuery(paymentId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/audit-log'] });
    },
  });
}
