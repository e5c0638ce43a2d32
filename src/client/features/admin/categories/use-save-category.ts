import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminCategorySchema, type CategoryForm } from '#shared/schemas/admin';
import { toast } from '#client/components/ui/toast-store';
import { sendJson } from '#client/lib/api-client';
import { useAdminEdition, withEdition } from '../edition';
import { refreshEventData } from '../api/admin-queries';
import { useAdminMutationErrorHandler } from '../use-admin-guard';

/** POST /api/admin/categories, or PUT /api/admin/categories/{id} when editing `existingId`. */
export function useSaveCategory(existingId: string | undefined) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const onError = useAdminMutationErrorHandler();
  const editing = existingId !== undefined;
  const edition = useAdminEdition();
  return useMutation({
    mutationFn: (form: CategoryForm) =>
      editing
        ? sendJson(
            'PUT',
            withEdition(`/api/admin/categories/${encodeURIComponent(existingId)}`, edition),
            form,
            adminCategorySchema,
          )
        : sendJson(
            'POST',
            withEdition('/api/admin/categories', edition),
            form,
            adminCategorySchema,
          ),
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
