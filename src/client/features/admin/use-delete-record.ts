import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast-store';
import { apiRequest } from '../../lib/api-request';
import { refreshEventData } from './admin-queries';
import { useAdminMutationErrorHandler } from './use-admin-guard';

const MESSAGES = {
  artists: { done: 'toasts.artistDeleted', failed: 'toasts.artistDeleteFailed' },
  categories: { done: 'toasts.categoryDeleted', failed: 'toasts.categoryDeleteFailed' },
} as const;

/**
 * DELETE /api/admin/{artists|categories}/{id}. The server keeps the payment history: a record with
 * paid votes is hidden rather than erased, and its votes stay in every total.
 */
export function useDeleteRecord(resource: keyof typeof MESSAGES) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const onError = useAdminMutationErrorHandler();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `/api/admin/${resource}/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast({ title: t('toasts.successTitle'), description: t(MESSAGES[resource].done) });
      return refreshEventData(queryClient);
    },
    onError: (error) => onError(error, t(MESSAGES[resource].failed)),
  });
}
