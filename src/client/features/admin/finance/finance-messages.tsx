import { Mail, MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/limits';
import type { FinanceMessageCost, FinanceMessages as Messages } from '#shared/schemas/finance';
import { Card } from '#client/components/ui/card';
import { formatMoney } from '#client/lib/format-money';
import { useLanguage } from '#client/lib/use-language';
import { useFinanceFormat } from './use-finance-format';

const ICONS = { sms: MessageSquareText, email: Mail } as const;

/** A gateway's cost in its own currency: ours as everywhere else, any other as Intl writes it. */
function costText({ amount, currency }: FinanceMessageCost, language: Language): string {
  if (currency === 'XAF' || currency === 'USD') return formatMoney(amount, currency, language);
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** What the receipts, notices and codes sent to voters in the period came to, and their cost. */
export function FinanceMessages({ messages }: { messages: Messages }) {
  const { t } = useTranslation('admin');
  const format = useFinanceFormat();
  const language = useLanguage();
  return (
    <Card
      className="flex flex-col gap-4 p-4 sm:p-5"
      role="group"
      aria-labelledby="finance-messages"
    >
      <div>
        <h3 id="finance-messages" className="font-semibold">
          {t('finance.messages.heading')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('finance.messages.intro')}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {messages.channels.map((figures) => {
          const Icon = ICONS[figures.channel];
          const rows: [string, number][] = [
            [t('finance.messages.delivered'), figures.delivered],
            [t('finance.messages.failed'), figures.failed],
            [t('finance.messages.waiting'), figures.waiting],
            [t('finance.messages.sandbox'), figures.sandbox],
          ];
          return (
            <div key={figures.channel} className="rounded-lg bg-muted/60 px-3 py-2">
              <p className="flex items-center gap-2 text-sm font-medium">
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                {t(`finance.messages.channels.${figures.channel}`)}
              </p>
              <p className="mt-1 font-display text-2xl font-semibold tabular-nums">
                {t('finance.messages.sent', {
                  count: figures.sent,
                  formatted: format.number(figures.sent),
                })}
              </p>
              <dl className="mt-1 grid grid-cols-2 gap-x-3 text-xs text-muted-foreground">
                {rows.map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-2">
                    <dt>{label}</dt>
                    <dd className="font-medium text-foreground tabular-nums">
                      {format.number(value)}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          );
        })}
      </div>
      <p className="text-sm">
        {messages.costs.length > 0
          ? t('finance.messages.cost', {
              costs: messages.costs
                .map((cost) =>
                  t('finance.messages.costPart', {
                    amount: costText(cost, language),
                    count: cost.messages,
                  }),
                )
                .join(' · '),
            })
          : t('finance.messages.noCost')}
      </p>
      {messages.unpriced > 0 ? (
        <p className="text-xs text-muted-foreground">
          {t('finance.messages.unpriced', { count: messages.unpriced })}
        </p>
      ) : null}
    </Card>
  );
}
