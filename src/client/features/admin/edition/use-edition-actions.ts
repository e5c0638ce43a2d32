import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { editionListSchema, type CreateEditionInput } from '#shared/schemas/edition';
import { toast } from '#client/components/ui/toast-store';
import { serverMessage } from '#client/lib/api-error';
import { sendJson } from '#client/lib/api-client';
import { refreshEventData } from '../api/admin-queries';
import { useAdminMutationErrorHandler } from '../use-admin-guard';
import { editionsQuery } from './editions-query';

type EditionAction =
  | { kind: 'create'; input: CreateEditionInput; name: string }
  | { kind: 'make-current'; slug: string; name: string }
  | { kind: 'archive'; slug: string; name: string };

const request = (action: EditionAction) => {
  switch (action.kind) {
    case 'create':
      return sendJson('POST', '/api/admin/editions', action.input, editionListSchema);
    case 'make-current':
      return sendJson(
        'PUT',
        '/api/admin/editions/current',
        { slug: action.slug },
        editionListSchema,
      );
    case 'archive':
      return sendJson(
        'POST',
        `/api/admin/editions/${encodeURIComponent(action.slug)}/archive`,
        undefined,
        editionListSchema,
      );
  }
};

const DONE = {
  create: 'editions.created',
  'make-current': 'editions.madeCurrent',
  archive: 'editions.archivedDone',
} as const;

/**
 * Creating an edition, making one current, archiving one: each answers the list of editions, which
 * replaces the switcher's and the panel's; then everything that shows an edition's data refetches
 * (the current edition, and so the public site, may have changed).
 */
export function useEditionAction() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const onError = useAdminMutationErrorHandler();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer, action) => {
      queryClient.setQueryData(editionsQuery().queryKey, answer);
      toast({
        title: t('toasts.successTitle'),
        description: t(DONE[action.kind], { name: action.name }),
      });
      return refreshEventData(queryClient);
    },
    onError: (error) => onError(error, serverMessage(error) ?? t('editions.failed')),
  });
}
