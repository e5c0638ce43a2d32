import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileMenuSheet })));

/**
 * Small screens only. The sheet (Radix Dialog) is fetched when the
 * visitor reaches for the button, not with the first screen.
 */
export function MobileMenu() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const prefetch = () => void loadSheet();
  return (
    <>
      <button
        type="button"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className="inline-flex size-10 items-center justify-center rounded-lg text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-400"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
