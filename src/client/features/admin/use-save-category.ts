import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminCategory, CategoryForm } from '../../../shared/schemas/admin';
import { toast } from '../../components/ui/toast-store';
import { apiRequest } from '../../lib/api-request';
import { refreshEventData } from './admin-queries';
import { useAdminMutationErrorHandler } from './use-admin-guard';

/** POST /api/admin/categories, or PUT /api/admin/categories/{id} when editing `existingId`. */
export function useSaveCategory(existingId: string | undefined) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const onError = useAdminMutationErrorHandler();
  const editing = existingId !== undefined;
  return useMutation({
    mutationFn: async (form: CategoryForm): Promise<AdminCategory> => {
      const response = editing
        ? await apiRequest('PUT', `/api/admin/categories/${encodeURIComponent(existingId)}`, form)
        : await apiRequest('POST', '/api/admin/categories', form);
      return (await response.json()) as AdminCategory;
    },
    onSuccess: () => {
      toast({
        title: t('toasts.successTitle'),
        description: t(editing ? 'toasts.categoryUpdated' : 'toasts.categoryCreated'),
      });
      return refreshEventData(queryClient);
    },
    onError: (error) =>
      onError(error, t(editing ? 'toasts.categoryUpdateFailed' : 'toasts.categoryCreateFailed')),
  });
}
