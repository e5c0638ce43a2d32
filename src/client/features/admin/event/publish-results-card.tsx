import { Loader2, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicEvent } from '#shared/schemas/event';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#client/components/ui/alert-dialog';
import { Button } from '#client/components/ui/button';
import { formatEventDate } from '#shared/format-event-date';
import { useLanguage } from '#client/lib/use-language';
import { useCloseVoting } from './use-close-voting';
import { usePublishResults } from './use-publish-results';

/**
 * Publishing cannot be undone: the winners and every count go public at once. It asks first, and
 * once done the button stays disabled with the time it happened. While voting is still open the
 * question says so, and offers to close voting first: publishing ends voting too, but figures
 * published before pending payments settle are corrected afterwards, in public.
 */
export function PublishResultsCard({ event }: { event: PublicEvent }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const publish = usePublishResults();
  const closeVoting = useCloseVoting();
  const [confirming, setConfirming] = useState(false);
  const publishedAt = event.resultsPublishedAt;
  const votingOpen = event.status === 'open';

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {publishedAt
          ? t('event.publish.doneText', {
              date: formatEventDate(publishedAt, event.timezone, language),
            })
          : t('event.publish.text')}
      </p>
      <Button
        variant="accent"
        className="w-full sm:w-fit"
        disabled={publishedAt !== null || publish.isPending}
        onClick={() => setConfirming(true)}
      >
        {publish.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Megaphone aria-hidden="true" />
        )}
        {publishedAt ? t('event.publish.done') : t('event.publish.action')}
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t(votingOpen ? 'event.publish.openTitle' : 'event.publish.confirmTitle')}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {votingOpen
                ? t(event.votingClosesAt ? 'event.publish.openText' : 'event.publish.openNoClose', {
                    date: event.votingClosesAt
                      ? formatEventDate(event.votingClosesAt, event.timezone, language)
                      : '',
                  })
                : t('event.publish.confirmText')}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('event.publish.cancel')}</AlertDialogCancel>
            {votingOpen ? (
              <AlertDialogAction variant="outline" onClick={() => closeVoting.mutate()}>
                {t('event.publish.closeFirst')}
              </AlertDialogAction>
            ) : null}
            <AlertDialogAction variant="accent" onClick={() => publish.mutate()}>
              {t(votingOpen ? 'event.publish.publishAnyway' : 'event.publish.confirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
