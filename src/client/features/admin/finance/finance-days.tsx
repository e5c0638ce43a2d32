import { useTranslation } from 'react-i18next';
import type { FinanceDayRow } from '#shared/schemas/finance';
import { Badge } from '#client/components/ui/badge';
import { cn } from '#client/lib/cn';
import { useFinanceFormat, type FinanceFormat } from './use-finance-format';

interface FinanceDaysProps {
  /** Newest day first. */
  rows: FinanceDayRow[];
}

/** The days in order, each with its rows (one per provider and currency). */
function byDay(rows: FinanceDayRow[]): [string, FinanceDayRow[]][] {
  const days = new Map<string, FinanceDayRow[]>();
  for (const row of rows) days.set(row.day, [...(days.get(row.day) ?? []), row]);
  return [...days.entries()];
}

function EstimateBadge({ row }: { row: FinanceDayRow }) {
  const { t } = useTranslation('admin');
  if (row.estimatedFeePayments === 0) return null;
  return <Badge variant="accent">{t('finance.estimate')}</Badge>;
}

function SourceName({ row, format }: { row: FinanceDayRow; format: FinanceFormat }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <span className="font-medium">{format.source(row.source, row.currency)}</span>
      {row.needsReview > 0 ? (
        <span className="block text-xs text-gold-800">
          {t('finance.needsReview', {
            count: row.needsReview,
            amount: format.money(row.needsReviewAmount, row.currency),
          })}
        </span>
      ) : null}
    </>
  );
}

function Disputes({ row, format }: { row: FinanceDayRow; format: FinanceFormat }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <span>{format.money(row.disputesLost, row.currency)}</span>
      {row.disputesHeld > 0 ? (
        <span className="block text-xs text-muted-foreground">
          {t('finance.heldDetail', { amount: format.money(row.disputesHeld, row.currency) })}
        </span>
      ) : null}
    </>
  );
}

const netClass = (net: number) => cn('font-semibold', net < 0 && 'text-destructive');

/** Wide screens: one table, a day's providers grouped under its date. */
function DaysTable({ rows }: FinanceDaysProps) {
  const { t } = useTranslation('admin');
  const format = useFinanceFormat();
  const head = 'px-3 py-2 text-xs font-medium text-muted-foreground';
  const amount = 'px-3 py-2.5 text-right align-top tabular-nums whitespace-nowrap';
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{t('finance.tableCaption')}</caption>
      <thead className="border-b border-border bg-muted/40">
        <tr>
          <th scope="col" className={cn(head, 'text-left')}>
            {t('finance.day')}
          </th>
          <th scope="col" className={cn(head, 'text-left')}>
            {t('finance.provider')}
          </th>
          {(['payments', 'gross', 'fees', 'refunds', 'disputesLost', 'net'] as const).map((key) => (
            <th key={key} scope="col" className={cn(head, 'text-right')}>
              {t(`finance.${key}`)}
            </th>
          ))}
        </tr>
      </thead>
      {byDay(rows).map(([day, dayRows]) => (
        <tbody key={day} className="border-b border-border last:border-b-0">
          {dayRows.map((row, index) => (
            <tr key={`${row.source}-${row.currency}`}>
              {index === 0 ? (
                <th
                  scope="rowgroup"
                  rowSpan={dayRows.length}
                  className="px-3 py-2.5 text-left align-top font-medium whitespace-nowrap"
                >
                  <time dateTime={day}>{format.day(day)}</time>
                </th>
              ) : null}
              <td className="px-3 py-2.5 align-top">
                <SourceName row={row} format={format} />
              </td>
              <td className={amount}>{format.number(row.payments)}</td>
              <td className={amount}>{format.money(row.gross, row.currency)}</td>
              <td className={amount}>
                <span className="inline-flex items-center justify-end gap-1.5">
                  <EstimateBadge row={row} />
                  {format.money(row.fees, row.currency)}
                </span>
              </td>
              <td className={amount}>{format.money(row.refunds, row.currency)}</td>
              <td className={amount}>
                <Disputes row={row} format={format} />
              </td>
              <td className={cn(amount, netClass(row.net))}>
                {format.money(row.net, row.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}

/** Phones: a table of eight columns would scroll sideways, so each day is a list of cards. */
function DaysCards({ rows }: FinanceDaysProps) {
  const { t } = useTranslation('admin');
  const format = useFinanceFormat();
  return (
    <ol aria-label={t('finance.tableCaption')} className="divide-y divide-border">
      {byDay(rows).map(([day, dayRows]) => (
        <li key={day} className="flex flex-col gap-2 px-4 py-3">
          <h4 className="text-sm font-semibold">
            <time dateTime={day}>{format.day(day)}</time>
          </h4>
          <ul className="flex flex-col gap-2">
            {dayRows.map((row) => (
              <li
                key={`${row.source}-${row.currency}`}
                className="rounded-lg border border-border bg-muted/30 px-3 py-2.5"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0 text-sm">
                    <SourceName row={row} format={format} />
                  </div>
                  <div className="shrink-0 text-right">
                    <span className="block text-xs text-muted-foreground">{t('finance.net')}</span>
                    <span className={cn('tabular-nums whitespace-nowrap', netClass(row.net))}>
                      {format.money(row.net, row.currency)}
                    </span>
                  </div>
                </div>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">{t('finance.payments')}</dt>
                  <dd className="text-right tabular-nums">{format.number(row.payments)}</dd>
                  <dt className="text-muted-foreground">{t('finance.gross')}</dt>
                  <dd className="text-right tabular-nums">
                    {format.money(row.gross, row.currency)}
                  </dd>
                  <dt className="text-muted-foreground">{t('finance.fees')}</dt>
                  <dd className="flex items-center justify-end gap-1.5 tabular-nums">
                    <EstimateBadge row={row} />
                    {format.money(row.fees, row.currency)}
                  </dd>
                  <dt className="text-muted-foreground">{t('finance.refunds')}</dt>
                  <dd className="text-right tabular-nums">
                    {format.money(row.refunds, row.currency)}
                  </dd>
                  <dt className="text-muted-foreground">{t('finance.disputesLost')}</dt>
                  <dd className="text-right tabular-nums">
                    <Disputes row={row} format={format} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** The report's days: a table on wide screens, cards on a phone. */
export function FinanceDays({ rows }: FinanceDaysProps) {
  return (
    <>
      <div className="hidden md:block">
        <DaysTable rows={rows} />
      </div>
      <div className="md:hidden">
        <DaysCards rows={rows} />
      </div>
    </>
  );
}
