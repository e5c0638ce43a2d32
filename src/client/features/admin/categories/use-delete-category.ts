import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteResultSchema } from '#shared/schemas/admin';
import { toast } from '#client/components/ui/toast-store';
import { sendJson } from '#client/lib/api-client';
import { useAdminEdition, withEdition } from '../edition';
import { useAdminMutationErrorHandler } from '../use-admin-guard';
import { refreshEventData } from '../api/admin-queries';

/**
 * DELETE /api/admin/categories/{id}. The server keeps the payment history: a category with paid
 * votes is hidden rather than erased, and its votes stay in every total.
 */
export function useDeleteCategory() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const onError = useAdminMutationErrorHandler();
  const edition = useAdminEdition();
  return useMutation({
    mutationFn: (id: string) =>
      sendJson(
        'DELETE',
        withEdition(`/api/admin/categories/${encodeURIComponent(id)}`, edition),
        undefined,
        deleteResultSchema,
      ),
    onSuccess: () => {
      toast({ title: t('toasts.successTitle'), description: t('toasts.categoryDeleted') });
      return refreshEventData(queryClient);
    },
    onError: (error) => onError(error, t('toasts.categoryDeleteFailed')),
  });
}
