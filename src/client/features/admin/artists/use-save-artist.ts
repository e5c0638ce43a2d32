import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminArtistDetailSchema, type ArtistForm } from '#shared/schemas/admin';
import { toast } from '#client/components/ui/toast-store';
import { sendJson } from '#client/lib/api-client';
import { useAdminEdition, withEdition } from '../edition';
import { refreshEventData } from '../api/admin-queries';
import { useAdminMutationErrorHandler } from '../use-admin-guard';

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
  const edition = useAdminEdition();
  return useMutation({
    mutationFn: (form: ArtistForm) =>
      editing
        ? sendJson(
            'PUT',
            withEdition(`/api/admin/artists/${encodeURIComponent(existingId)}`, edition),
            form,
            adminArtistDetailSchema,
          )
        : sendJson(
            'POST',
            withEdition('/api/admin/artists', edition),
            form,
            adminArtistDetailSchema,
          ),
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
