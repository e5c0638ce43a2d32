import { CreditCard, Loader2, ReceiptText, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/format-date';
import type { ReceiptSummary } from '#shared/schemas/receipt';
import { Button } from '#client/components/ui/button';
import { Badge } from '#client/components/ui/badge';
import { Card } from '#client/components/ui/card';
import { useLanguage } from '#client/lib/use-language';
import { useLocalized } from '#client/lib/use-localized';
import { formatMoney } from '#client/lib/format-money';
import { useProviderLabel } from '#client/lib/use-provider-label';

interface ReceiptSummaryCardProps {
  receipt: ReceiptSummary;
  opening: boolean;
  onView: (code: string) => void;
}

/** One found receipt: code, date, provider, votes and amount, and the way to open it. */
export function ReceiptSummaryCard({ receipt, opening, onView }: ReceiptSummaryCardProps) {
  const { t } = useTranslation('receipts');
  const language = useLanguage();
  const localized = useLocalized();
  const providerLabel = useProviderLabel();
  const headingId = `receipt-${receipt.receiptCode}`;
  const ProviderIcon = receipt.provider === 'stripe' ? CreditCard : Smartphone;
  const date = formatDateTime(receipt.createdAt, language);

  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className="flex flex-col gap-4 p-4 sm:p-5"
      data-testid="receipt-summary"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">
            {t('results.code')}
          </p>
          <h3
            id={headingId}
            className="font-mono text-xl font-bold tracking-[0.08em] text-ink-950"
            translate="no"
          >
            {receipt.receiptCode}
          </h3>
        </div>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-ink-50 px-2.5 py-1 text-xs font-semibold text-ink-800">
          <ProviderIcon className="size-3.5" aria-hidden="true" />
          {/* French puts a space before the colon: the colon is part of each language's label. */}
          <span className="sr-only">{t('results.providerLabel')} </span>
          {providerLabel(receipt.provider)}
        </span>
        {receipt.status === 'completed' ? null : (
          <Badge variant="warning" className="basis-full sm:basis-auto">
            {t(`after.${receipt.status}Title`)}
          </Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-3">
          <dt className="text-muted-foreground">{t('results.edition')}</dt>
          <dd className="font-medium" data-testid="receipt-summary-edition">
            {localized(receipt.edition.name, receipt.edition.nameFr)}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-muted-foreground">{t('results.date')}</dt>
          <dd className="font-medium">
            <time dateTime={receipt.createdAt}>{date}</time>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('results.votes')}</dt>
          <dd className="font-semibold tabular-nums">{receipt.totalVotes}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('results.amount')}</dt>
          <dd className="font-semibold tabular-nums">
            {formatMoney(receipt.amount, receipt.currency, language)}
          </dd>
        </div>
      </dl>
      <Button
        variant="outline"
        className="w-full sm:w-auto sm:self-start"
        disabled={opening}
        aria-describedby={headingId}
        onClick={() => onView(receipt.receiptCode)}
      >
        {opening ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <ReceiptText aria-hidden="true" />
        )}
        {t('results.view')}
      </Button>
    </Card>
  );
}
