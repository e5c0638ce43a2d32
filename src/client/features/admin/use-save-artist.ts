import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminArtistDetail, ArtistForm } from '../../../shared/schemas/admin';
import { toast } from '../../components/ui/toast-store';
import { apiRequest } from '../../lib/api-request';
import { refreshEventData } from './admin-queries';
import { useAdminMutationErrorHandler } from './use-admin-guard';

/**
 * POST /api/admin/artists, or PUT /api/admin/artists/{id}: the artist and its nominations at once.
 * `onSaved` runs from the hook's own callback, before the lists refresh: the editor is left before
 * its data refetches, and a callback given to mutate() would be dropped if the form unmounted.
 */
export function useSaveArtist(existingId: string | null, onSaved: () => void) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const onError = useAdminMutationErrorHandler();
  const editing = existingId !== null;
  return useMutation({
    mutationFn: async (form: ArtistForm): Promise<AdminArtistDetail> => {
      const response = editing
        ? await apiRequest('PUT', `/api/admin/artists/${encodeURIComponent(existingId)}`, form)
        : await apiRequest('POST', '/api/admin/artists', form);
      return (await response.json()) as AdminArtistDetail;
    },
    onSuccess: () => {
      toast({
        title: t('toasts.successTitle'),
        description: t(editing ? 'toasts.artistUpdated' : 'toasts.artistCreated'),
      });
      onSaved();
      return refreshEventData(queryClient);
    },
    onError: (error) =>
      onError(error, t(editing ? 'toasts.artistUpdateFailed' : 'toasts.artistCreateFailed')),
  });
}
