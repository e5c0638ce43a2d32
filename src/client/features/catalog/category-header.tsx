import { ArrowLeft, LayoutGrid, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { LanguageSwitch } from '#client/components/layout/language-switch';
import { Button } from '#client/components/ui/button';
import { buttonVariants } from '#client/components/ui/button-variants';
import { cn } from '#client/lib/cn';

interface CategoryHeaderProps {
  /** Absent while the category is unknown: nothing to share yet. */
  onShare?: () => void;
}

/** Back, all categories, language switch and Share. */
export function CategoryHeader({ onShare }: CategoryHeaderProps) {
  const { t } = useTranslation('catalog');
  const [, navigate] = useLocation();

  // A shared link opened in a fresh tab has no page to go back to; send it to the list instead.
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else navigate('/categories');
  };

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-950 text-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-2 sm:gap-2 sm:px-6">
        <Button variant="ghost-inverse" className="px-2.5 sm:px-3" onClick={goBack}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          <span className="max-sm:sr-only">{t('category.back')}</span>
        </Button>
        <Link
          href="/categories"
          className={cn(buttonVariants({ variant: 'ghost-inverse' }), 'px-2.5 sm:px-3')}
        >
          <LayoutGrid className="size-5 text-gold-300" aria-hidden="true" />
          <span className="max-sm:sr-only">{t('category.allCategories')}</span>
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch />
          <Button
            variant="accent"
            size="sm"
            disabled={!onShare}
            onClick={onShare}
            aria-label={t('category.shareCategory')}
          >
            <Share2 aria-hidden="true" />
            <span aria-hidden="true">{t('category.share')}</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
