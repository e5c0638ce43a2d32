import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cn } from '#client/lib/cn';

interface BrandLinkProps {
  className?: string;
  /** Hide the word mark on the narrowest screens where the header is crowded. */
  compact?: boolean;
}

export function BrandLink({ className, compact = false }: BrandLinkProps) {
  const { t } = useTranslation('common');
  return (
    <Link
      href="/categories"
      // The name starts with the words shown, so a voice-control user can say what they see.
      aria-label={t('nav.home', { brand: t('brand'), tagline: t('brandTagline') })}
      className={cn(
        'inline-flex items-center gap-2.5 rounded-lg text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold-400',
        className,
      )}
    >
      <span className="inline-flex size-9 items-center justify-center rounded-xl bg-gradient-to-br from-gold-300 to-gold-500 text-ink-950 shadow-inner">
        <Trophy className="size-5" aria-hidden="true" />
      </span>
      <span className={cn('flex flex-col leading-none', compact && 'max-[359px]:sr-only')}>
        {/* The space makes the words read "Palmarès Awards 2025", the start of the link's name. */}
        <span className="font-display text-xl font-semibold tracking-tight">{t('brand')}</span>{' '}
        <span className="mt-0.5 text-[0.65rem] font-semibold tracking-[0.18em] whitespace-nowrap text-gold-300 uppercase">
          {t('brandTagline')}
        </span>
      </span>
    </Link>
  );
}
