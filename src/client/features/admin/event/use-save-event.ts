import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { publicEventSchema, type EventSettings } from '#shared/schemas/event';
import { toast } from '#client/components/ui/toast-store';
import { useAdminEdition, withEdition } from '../edition';
import { eventQuery } from '#client/features/event';
import { serverMessage } from '#client/lib/api-error';
import { sendJson } from '#client/lib/api-client';
import { refreshEventData } from '../api/admin-queries';
import { useAdminMutationErrorHandler } from '../use-admin-guard';

/**
 * PUT /api/admin/event: every setting at once. The answer is the event as the public now sees it;
 * it replaces the shared event query's data, and the catalogue refetches, since whether counts
 * show may have changed with it.
 */
export function useSaveEvent() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const onError = useAdminMutationErrorHandler();
  const edition = useAdminEdition();
  return useMutation({
    mutationFn: (settings: EventSettings) =>
      sendJson('PUT', withEdition('/api/admin/event', edition), settings, publicEventSchema),
    onSuccess: (event) => {
      queryClient.setQueryData(eventQuery(edition).queryKey, event);
      toast({ title: t('toasts.successTitle'), description: t('event.toasts.saved') });
      return refreshEventData(queryClient);
    },
    onError: (error) => onError(error, serverMessage(error) ?? t('event.toasts.saveFailed')),
  });
}
