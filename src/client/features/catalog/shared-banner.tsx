import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface SharedBannerProps {
  artistName: string;
}

export function SharedBanner({ artistName }: SharedBannerProps) {
  const { t } = useTranslation('catalog');
  return (
    <div
      role="status"
      data-testid="shared-banner"
      className="flex items-start gap-3 rounded-2xl border border-gold-300 bg-gold-50 p-4 text-ink-950 shadow-sm"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-gold-400">
        <Sparkles className="size-5" aria-hidden="true" />
      </span>
      <div>
        <p className="font-semibold">{t('shared.title')}</p>
        <p className="text-sm text-ink-700">{t('shared.text', { artist: artistName })}</p>
      </div>
    </div>
  );
}
