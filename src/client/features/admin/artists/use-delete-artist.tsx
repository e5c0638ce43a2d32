import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  adminArtistDetailSchema,
  artistDeleteResultSchema,
  type AdminArtist,
  type ArtistDeleteResult,
} from '#shared/schemas/admin';
import { ToastAction } from '#client/components/ui/toast';
import { toast } from '#client/components/ui/toast-store';
import { sendJson } from '#client/lib/api-client';
import { useAdminEdition, withEdition } from '../edition';
import { refreshEventData } from '../api/admin-queries';
import { useAdminMutationErrorHandler } from '../use-admin-guard';

const deleteAnswerSchema = artistDeleteResultSchema.nullable().catch(null);
const artistUrl = (id: string) => `/api/admin/artists/${encodeURIComponent(id)}`;

/**
 * DELETE /api/admin/artists/{id}, at once (no confirmation), with Undo in the
 * success toast: the server only hides the artist and its nominations, and POST .../restore brings
 * them back with every vote (docs/decisions/0033).
 */
export function useDeleteArtist() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const onError = useAdminMutationErrorHandler();
  const edition = useAdminEdition();

  const restore = useMutation({
    mutationFn: (deleted: ArtistDeleteResult) =>
      sendJson(
        'POST',
        withEdition(`${artistUrl(deleted.id)}/restore`, edition),
        { nominationIds: deleted.nominationIds },
        adminArtistDetailSchema,
      ),
    onSuccess: () => {
      toast({ title: t('toasts.successTitle'), description: t('toasts.artistRestored') });
      return refreshEventData(queryClient);
    },
    onError: (error) => onError(error, t('toasts.artistRestoreFailed')),
  });

  return useMutation({
    mutationFn: (artist: AdminArtist) =>
      sendJson('DELETE', withEdition(artistUrl(artist.id), edition), undefined, deleteAnswerSchema),
    onSuccess: (deleted, artist) => {
      toast({
        title: t('toasts.successTitle'),
        description: t('toasts.artistDeleted'),
        // An answer we cannot read still means the delete happened; it just cannot be undone here.
        action: deleted ? (
          <ToastAction
            altText={t('toasts.undoLabel', { name: artist.name })}
            aria-label={t('toasts.undoLabel', { name: artist.name })}
            onClick={() => restore.mutate(deleted)}
          >
            {t('toasts.undo')}
          </ToastAction>
        ) : undefined,
      });
      return refreshEventData(queryClient);
    },
    onError: (error) => onError(error, t('toasts.artistDeleteFailed')),
  });
}
