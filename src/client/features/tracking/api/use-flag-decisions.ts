import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  clearFlagsResponseSchema,
  holdResponseSchema,
  type ClearFlagsRequest,
  type HoldRequest,
} from '#shared/schemas/payment-flags';
import { sendJson } from '#client/lib/api-client';

const paymentUrl = (paymentId: string) => `/api/admin/payments/${encodeURIComponent(paymentId)}`;

/**
 * Holds a flagged payment for review (POST /api/admin/payments/{id}/hold): its votes leave the
 * count until the organiser credits or refunds it. Refreshes everything, as the credit does and
 * for the same reason (not awaited).
 */
export function useHoldPayment(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: HoldRequest) =>
      sendJson('POST', `${paymentUrl(paymentId)}/hold`, request, holdResponseSchema),
    onSettled: () => {
      void queryClient.invalidateQueries();
    },
  });
}

/** Clears a payment's velocity flags (POST /api/admin/payments/{id}/flags/clear). */
export function useClearFlags(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ClearFlagsRequest) =>
      sendJson('POST', `${paymentUrl(paymentId)}/flags/clear`, request, clearFlagsResponseSchema),
    onSettled: () => {
      void queryClient.invalidateQueries();
    },
  });
}
