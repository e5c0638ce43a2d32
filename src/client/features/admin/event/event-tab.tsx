import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublicEvent } from '#shared/schemas/event';
import { EmptyState } from '#client/components/empty-state';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useAdminEvent } from './admin-event-query';
import { EventPreview } from './event-preview';
import { valuesFromEvent } from './event-form-values';
import { EventSettingsForm } from './event-settings-form';
import { PublishResultsCard } from './publish-results-card';
import { SectionSpinner } from '../section-spinner';
import { TabHeading } from '../tab-heading';
import type { TabGuard } from '../use-tab-guard';

/** The settings that make the form: a save that changes them starts the form afresh. */
const settingsKey = (event: PublicEvent) =>
  JSON.stringify([
    event.name,
    event.nameFr,
    event.timezone,
    event.votingOpensAt,
    event.votingClosesAt,
    event.resultsVisibility,
    event.hideCountsHoursBeforeClose,
    event.smsReceipts,
    event.prices,
    event.archivedAt,
  ]);

/**
 * /admin?tab=event: the voting window and visibility, what the public sees now, the results.
 * Unsaved settings hold back a switch to another tab through `tabGuard` until the admin decides.
 */
export function EventTab({ tabGuard }: { tabGuard?: TabGuard }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const eventQuery = useAdminEvent();
  const event = eventQuery.data;

  let body;
  if (eventQuery.isError) {
    body = (
      <EmptyState
        as="h3"
        icon={AlertTriangle}
        title={t('event.loadFailed')}
        action={
          <Button variant="outline" onClick={() => void eventQuery.refetch()}>
            {tc('actions.tryAgain')}
          </Button>
        }
      />
    );
  } else if (!event) {
    body = <SectionSpinner />;
  } else {
    body = (
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="p-4 sm:p-6">
          <h3 id="event-settings-heading" className="mb-4 text-lg font-semibold">
            {t('event.settingsHeading')}
          </h3>
          <EventSettingsForm
            key={settingsKey(event)}
            loaded={valuesFromEvent(event)}
            tabGuard={tabGuard}
            readOnly={event.archivedAt !== null}
          />
        </Card>
        {/* On phones the state and the publish action come first, above the long form. */}
        <div className="flex flex-col gap-4 max-lg:order-first">
          <Card className="p-4 sm:p-6">
            <h3 className="mb-3 text-lg font-semibold">{t('event.preview.heading')}</h3>
            <EventPreview event={event} />
          </Card>
          {/* An archived edition's results are as they are: nothing is left to publish. */}
          {event.archivedAt === null ? (
            <Card className="p-4 sm:p-6">
              <h3 className="mb-2 text-lg font-semibold">{t('event.publish.heading')}</h3>
              <PublishResultsCard event={event} />
            </Card>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="event-heading" className="flex flex-col gap-4">
      <TabHeading id="event-heading" title={t('event.heading')} />
      {body}
    </section>
  );
}
