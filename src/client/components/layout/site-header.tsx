import { LogIn, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useAuth } from '#client/lib/use-auth';
import { useEvent } from '#client/lib/event-query';
import { buttonVariants } from '../ui/button-variants';
import { cn } from '#client/lib/cn';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';
import { MobileMenu } from './mobile-menu';

const navLinkClass =
  'inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-white/85 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-400';

export function SiteHeader() {
  const { t } = useTranslation('common');
  const { isAuthenticated, isAdmin, isLoading } = useAuth();
  const { data: event } = useEvent();
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-950 text-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <BrandLink compact />
        <nav aria-label={t('nav.primary')} className="ml-auto hidden items-center gap-1 md:flex">
          {event?.resultsPublishedAt ? (
            <Link href="/results" className={navLinkClass}>
              {t('nav.results')}
            </Link>
          ) : null}
          <Link href="~/my-receipts" className={navLinkClass}>
            {t('nav.myReceipts')}
          </Link>
          {isAdmin ? (
            <>
              <Link href="~/admin" className={navLinkClass}>
                {t('nav.admin')}
              </Link>
              <Link href="~/admin/voter-tracking" className={navLinkClass}>
                {t('nav.voterTracking')}
              </Link>
            </>
          ) : null}
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-2">
          <LanguageSwitch />
          {/* Until the session is known, show neither button rather than the wrong one. On phones
              both live in the menu: the header has no room for them next to the language switch. */}
          {isLoading ? null : isAuthenticated ? (
            <a
              href="/api/logout"
              className={cn(
                buttonVariants({ variant: 'outline-inverse', size: 'sm' }),
                'hidden md:inline-flex',
              )}
            >
              <LogOut aria-hidden="true" />
              {t('nav.logout')}
            </a>
          ) : (
            <a
              href="/api/login"
              className={cn(
                buttonVariants({ variant: 'accent', size: 'sm' }),
                'hidden md:inline-flex',
              )}
            >
              <LogIn aria-hidden="true" />
              {t('nav.login')}
            </a>
          )}
          <div className="md:hidden">
            <MobileMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
