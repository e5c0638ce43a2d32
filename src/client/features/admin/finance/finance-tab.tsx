import { AlertTriangle, Download, Landmark } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Period } from '#shared/limits';
import { EmptyState } from '#client/components/empty-state';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { startDownload } from '#client/lib/start-download';
import { FINANCE_EXPORT_URL, useFinanceReport } from './finance-queries';
import { useAdminEdition, withEdition } from '../edition';
import { FinanceDays } from './finance-days';
import { FinanceMessages } from './finance-messages';
import { FinanceTotals } from './finance-totals';
import { PeriodSelect } from '../period-select';
import { SectionSpinner } from '../section-spinner';
import { TabHeading } from '../tab-heading';
import { useFinanceFormat } from './use-finance-format';

/** The finance report: what payments brought in, what providers kept, what went back. */
export function FinanceTab() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const format = useFinanceFormat();
  const [period, setPeriod] = useState<Period>('all');
  const edition = useAdminEdition();
  const report = useFinanceReport(period);
  const { data } = report;
  // Newest day first; a stable sort keeps each day's providers in the report's order.
  const rows = data ? [...data.rows].sort((a, b) => b.day.localeCompare(a.day)) : [];
  const hasEstimate = rows.some((row) => row.estimatedFeePayments > 0);

  function downloadCsv() {
    if (!data) return;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: data.timeZone }).format(new Date());
    startDownload(
      withEdition(`${FINANCE_EXPORT_URL}?period=${period}`, edition),
      `finance-${period}-${today}.csv`,
    );
  }

  let days;
  if (!data && report.isError) {
    days = (
      <EmptyState
        icon={AlertTriangle}
        title={t('finance.loadFailed')}
        as="h3"
        action={
          <Button variant="outline" size="sm" onClick={() => void report.refetch()}>
            {tc('actions.tryAgain')}
          </Button>
        }
      />
    );
  } else if (!data) {
    days = <SectionSpinner />;
  } else if (rows.length === 0) {
    days = (
      <EmptyState
        icon={Landmark}
        title={t('finance.emptyTitle')}
        text={t('finance.emptyText')}
        as="h3"
      />
    );
  } else {
    days = <FinanceDays rows={rows} />;
  }

  return (
    <section aria-labelledby="finance-heading" className="flex flex-col gap-6">
      <TabHeading
        id="finance-heading"
        title={t('finance.heading')}
        action={
          <div className="flex flex-wrap items-end gap-3">
            <PeriodSelect value={period} onChange={setPeriod} />
            <Button variant="outline" disabled={rows.length === 0} onClick={downloadCsv}>
              <Download aria-hidden="true" />
              {t('finance.downloadCsv')}
            </Button>
          </div>
        }
      >
        {data ? (
          <p className="mt-1 text-sm text-muted-foreground">
            {t('finance.intro', { zone: data.timeZone })}
          </p>
        ) : null}
      </TabHeading>
      {report.isError && data ? (
        <p role="alert" className="text-sm text-destructive">
          {t('finance.loadFailed')}
        </p>
      ) : null}
      <FinanceTotals totals={data?.totals} />
      {data ? <FinanceMessages messages={data.messages} /> : null}
      <Card className="overflow-hidden">
        <h3 className="border-b border-border px-4 py-3 font-semibold">
          {t('finance.daysHeading')}
        </h3>
        {days}
      </Card>
      {data && hasEstimate ? (
        <p className="text-xs text-muted-foreground">
          {t('finance.estimateNote', {
            card: format.rate(data.feeEstimates.stripe, 'USD'),
            mobile: format.rate(data.feeEstimates.campay, 'XAF'),
          })}
        </p>
      ) : null}
    </section>
  );
}
