import { useTranslation } from 'react-i18next';
import { Card } from '#client/components/ui/card';
import { useLocalized } from '#client/lib/use-localized';
import type { CheckoutArtist } from '#shared/checkout-artist-param';
import type { VoteCounts } from './vote-selection';
import { VoteStepper } from './vote-stepper';

interface VotePanelProps {
  artist: CheckoutArtist;
  counts: VoteCounts;
  onChange: (nominationId: string, value: number) => void;
  totalVotes: number;
  /** Both totals, formatted, e.g. '400 CFA · $2.00'. */
  totals: string;
  disabled: boolean;
}

/** One stepper per nominated category and the running total. */
export function VotePanel({
  artist,
  counts,
  onChange,
  totalVotes,
  totals,
  disabled,
}: VotePanelProps) {
  const { t } = useTranslation('checkout');
  const localized = useLocalized();
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="font-display text-2xl font-semibold">{t('votes.heading')}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('votes.hint')}</p>
      <div className="mt-2 divide-y divide-border">
        {artist.categories.map((category) => (
          <VoteStepper
            key={category.nominationId}
            categoryName={localized(category.name, category.nameFr)}
            title={localized(category.nominationTitle, category.nominationTitleFr)}
            value={counts[category.nominationId] ?? 0}
            disabled={disabled}
            onChange={(value) => onChange(category.nominationId, value)}
          />
        ))}
      </div>
      <div
        className="mt-2 flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-ink-950 px-4 py-3 text-white"
        aria-live="polite"
        aria-atomic="true"
      >
        <span className="text-sm font-semibold tracking-[0.14em] text-gold-300 uppercase">
          {t('votes.total')}
        </span>
        <span className="text-right">
          <span className="block text-xl font-bold tabular-nums" data-testid="total-votes">
            {t('votes.count', { count: totalVotes })}
          </span>
          <span className="block text-sm text-white/75 tabular-nums">{totals}</span>
        </span>
      </div>
    </Card>
  );
}
