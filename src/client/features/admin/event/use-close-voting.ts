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
 * POST /api/admin/event/close-voting: voting ends now by the server's clock, so pending payments
 * can settle before the results go out. A 409 means voting was no longer open: the event is
 * refetched so the tab says so.
 */
export function useCloseVoting() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const onError = useAdminMutationErrorHandler();
  const edition = useAdminEdition();
  return useMutation({
    mutationFn: () =>
      sendJson(
        'POST',
        withEdition('/api/admin/event/close-voting', edition),
        undefined,
        publicEventSchema,
      ),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQuery(edition).queryKey, event);
      toast({ title: t('toasts.successTitle'), description: t('event.toasts.votingClosed') });
      await refreshEventData(queryClient);
    },
    onError: (error) => {
      if (errorStatus(error) === 409) void refreshEventData(queryClient);
      onError(error, t('event.toasts.closeFailed'));
    },
  });
}
