import {
  AlertCircle,
  CreditCard,
  Hourglass,
  Smartphone,
  UserX,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#client/lib/format-money';
import { formatWholeNumber } from '#shared/format-whole-number';
import type { TrackingResponse } from '#shared/schemas/tracking';
import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { cn } from '#client/lib/cn';
import { useLanguage } from '#client/lib/use-language';

interface SummaryCardProps {
  icon: LucideIcon;
  label: string;
  value: string;
  detail: string;
  wide?: boolean;
  tone?: 'default' | 'warning' | 'danger';
}

const TONES = {
  default: 'bg-gold-100 text-gold-700',
  warning: 'bg-ink-50 text-ink-600',
  danger: 'bg-[#fee4e2] text-destructive',
} as const;

function SummaryCard({
  icon: Icon,
  label,
  value,
  detail,
  wide,
  tone = 'default',
}: SummaryCardProps) {
  return (
    <Card className={cn('min-w-0 p-4 lg:col-span-1', wide ? 'sm:col-span-3' : 'sm:col-span-2')}>
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-sm font-medium break-words text-muted-foreground">{label}</p>
        <span
          className={cn(
            'hidden size-8 shrink-0 items-center justify-center rounded-full sm:inline-flex',
            TONES[tone],
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-1 text-lg font-semibold tabular-nums [overflow-wrap:anywhere] min-[360px]:text-xl sm:text-2xl">
        {value}
      </p>
      <p className="mt-0.5 text-xs text-muted-foreground">{detail}</p>
    </Card>
  );
}

/** Revenue per provider, each in its own currency. */
const REVENUE_CARDS = [
  { provider: 'stripeRevenue', icon: CreditCard, label: 'summary.cardRevenue', currency: 'USD' },
  {
    provider: 'campayRevenue',
    icon: Smartphone,
    label: 'summary.mobileMoneyRevenue',
    currency: 'XAF',
  },
] as const;

/** The counts that call for a look; each has its label and hint under its own name. */
const TROUBLE_CARDS = [
  { count: 'attempted', icon: Hourglass, tone: 'warning' },
  { count: 'abandoned', icon: UserX, tone: 'warning' },
  { count: 'failed', icon: AlertCircle, tone: 'danger' },
] as const;

/**
 * Revenue per provider and the counts an organiser watches for trouble. They cover the whole
 * filtered set, not only the page on screen.
 */
export function SummaryCards({ data }: { data: TrackingResponse | undefined }) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();

  if (!data) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('table.loading')}
        className="grid grid-cols-2 gap-3 sm:grid-cols-6 lg:grid-cols-5"
      >
        {[3, 3, 2, 2, 2].map((span, index) => (
          <Card
            key={index}
            className={cn('p-4 lg:col-span-1', span === 3 ? 'sm:col-span-3' : 'sm:col-span-2')}
          >
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="mt-2 h-7 w-1/2" />
            <Skeleton className="mt-2 h-3 w-1/3" />
          </Card>
        ))}
      </div>
    );
  }

  return (
    <section
      aria-label={t('summary.label')}
      className="grid grid-cols-2 gap-3 sm:grid-cols-6 lg:grid-cols-5"
    >
      {REVENUE_CARDS.map(({ provider, icon, label, currency }) => (
        <SummaryCard
          key={provider}
          wide
          icon={icon}
          label={t(label)}
          value={formatMoney(data[provider].revenue, currency, language)}
          detail={t('summary.payments', { count: data[provider].count })}
        />
      ))}
      {TROUBLE_CARDS.map(({ count, icon, tone }) => (
        <SummaryCard
          key={count}
          icon={icon}
          tone={tone}
          label={t(`summary.${count}`)}
          value={formatWholeNumber(data[count], language)}
          detail={t(`summary.${count}Hint`)}
        />
      ))}
    </section>
  );
}
