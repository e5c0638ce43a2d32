import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { publicEventSchema } from '#shared/schemas/event';
import { toast } from '#client/components/ui/toast-store';
import { useAdminEdition, withEdition } from '../edition';
import { eventQuery } from '#client/features/event';
import { errorStatus } from '#client/lib/api-error';
import { sendJson } from '#client/lib/api-client';
import { refreshEventData } from '../api/admin-queries';
import { useAdminMutationErrorHandler } from '../use-admin-guard';

/**
 * POST /api/admin/event/publish-results. A 409 means another admin published first: the event is
 * refetched so the tab shows when.
 */
export function usePublishResults() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const onError = useAdminMutationErrorHandler();
  const edition = useAdminEdition();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['/api/results'] }),
      refreshEventData(queryClient),
    ]);
  return useMutation({
    mutationFn: () =>
      sendJson(
        'POST',
        withEdition('/api/admin/event/publish-results', edition),
        undefined,
        publicEventSchema,
      ),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQuery(edition).queryKey, event);
      toast({ title: t('toasts.successTitle'), description: t('event.toasts.published') });
      await refresh();
    },
    onError: (error) => {
      if (errorStatus(error) === 409) {
        void queryClient.invalidateQueries({ queryKey: eventQuery(edition).queryKey });
        void refresh();
      }
      onError(error, t('event.toasts.publishFailed'));
    },
  });
}
