import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#client/components/ui/toast-store';
import { shareLink, type ShareTarget } from '#client/lib/share-link';

/** Shares or copies a link and tells the voter what happened. */
export type ShareLink = (target: ShareTarget) => Promise<void>;

/** The ShareLink of the interface's language. */
export function useShareLink(): ShareLink {
  const { t } = useTranslation('catalog');
  return useCallback(
    async (target) => {
      const outcome = await shareLink(target);
      if (outcome === 'copied') {
        toast({ title: t('share.copiedTitle'), description: t('share.copiedText') });
      } else if (outcome === 'failed') {
        toast({
          title: t('share.failedTitle'),
          description: t('share.failedText'),
          variant: 'destructive',
        });
      }
    },
    [t],
  );
}
