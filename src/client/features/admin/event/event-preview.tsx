import { CalendarClock, Eye, EyeOff, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countsVisibleAt, eventStatusAt } from '#shared/event-status';
import type { EventStatus, PublicEvent } from '#shared/schemas/event';
import { Badge } from '#client/components/ui/badge';
import { useVotingClock } from '#client/features/event';
import { countdownText } from '#shared/countdown-text';
import { formatEventDate } from '#shared/format-event-date';
import { useLanguage } from '#client/lib/use-language';

const STATUS_BADGE: Record<EventStatus, 'success' | 'accent' | 'muted'> = {
  open: 'success',
  upcoming: 'accent',
  closed: 'muted',
};

/**
 * What a visitor sees at this moment, by the saved settings and the server's clock: the voting
 * status with its countdown, whether counts show, whether the results are out. Recomputed every
 * second, so an opening or a close shows here as it happens.
 */
export function EventPreview({ event }: { event: PublicEvent }) {
  const { t } = useTranslation(['admin', 'common']);
  const language = useLanguage();
  const { now } = useVotingClock('second');
  const status = eventStatusAt(event, now);
  const countsVisible = countsVisibleAt(event, now);
  const until = (iso: string) => countdownText(Date.parse(iso) - now, t('common:voting.dayUnit'));

  let statusText: string;
  if (status === 'upcoming' && event.votingOpensAt) {
    statusText = t('event.preview.opensIn', { countdown: until(event.votingOpensAt) });
  } else if (status === 'open' && event.votingClosesAt) {
    statusText = t('event.preview.closesIn', { countdown: until(event.votingClosesAt) });
  } else if (status === 'open') {
    statusText = t('event.preview.openNoClose');
  } else {
    statusText = t('event.preview.closed');
  }

  return (
    <dl className="flex flex-col divide-y divide-border">
      <PreviewRow icon={<CalendarClock />} term={t('event.preview.voting')}>
        <Badge variant={STATUS_BADGE[status]}>{t(`event.status.${status}`)}</Badge>
        {/* The countdown ticks every second: not announced, or a reader would hear nothing else. */}
        <span className="tabular-nums">{statusText}</span>
      </PreviewRow>
      <PreviewRow icon={countsVisible ? <Eye /> : <EyeOff />} term={t('event.preview.counts')}>
        <Badge variant={countsVisible ? 'success' : 'muted'}>
          {t(countsVisible ? 'event.preview.countsShown' : 'event.preview.countsHidden')}
        </Badge>
      </PreviewRow>
      <PreviewRow icon={<Trophy />} term={t('event.preview.results')}>
        {event.resultsPublishedAt ? (
          <>
            <Badge variant="success">{t('event.preview.published')}</Badge>
            <span>{formatEventDate(event.resultsPublishedAt, event.timezone, language)}</span>
          </>
        ) : (
          <Badge variant="muted">{t('event.preview.notPublished')}</Badge>
        )}
      </PreviewRow>
    </dl>
  );
}

function PreviewRow({
  icon,
  term,
  children,
}: {
  icon: ReactNode;
  term: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0">
      <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground [&_svg]:size-4 [&_svg]:text-gold-700">
        <span aria-hidden="true" className="inline-flex">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="flex flex-wrap items-center gap-2 text-sm text-foreground">{children}</dd>
    </div>
  );
}
