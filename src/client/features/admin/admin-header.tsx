import { Activity, Home, LayoutDashboard, LogOut, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { BrandLink } from '#client/components/layout/brand-link';
import { LanguageSwitch } from '#client/components/layout/language-switch';
import { UserAvatar } from '#client/components/layout/user-avatar';
import { cn } from '#client/lib/cn';
import type { AuthUser } from '#client/lib/use-auth';
import { useAdminEdition, withEdition } from './edition';

const headerLinkClass =
  'inline-flex h-10 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-white/85 hover:bg-white/10 hover:text-white ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-400 [&_svg]:size-4 [&_svg]:shrink-0';

/** The admin screens, each a link in every admin header. */
const SECTIONS: ReadonlyArray<{
  href: string;
  icon: LucideIcon;
  label: 'header.dashboard' | 'header.voterTracking';
  /** Whether a path belongs to this section (the artist editor belongs to the dashboard). */
  owns: (path: string) => boolean;
}> = [
  {
    href: '/admin',
    icon: LayoutDashboard,
    label: 'header.dashboard',
    owns: (path) => path === '/admin' || path.startsWith('/admin/artists'),
  },
  {
    href: '/admin/voter-tracking',
    icon: Activity,
    label: 'header.voterTracking',
    owns: (path) => path.startsWith('/admin/voter-tracking'),
  },
];

interface AdminHeaderProps {
  user: AuthUser;
}

/**
 * The one header of every admin screen (dashboard, artist editor, voter tracking): logo, Admin
 * label, Online badge, the admin screens, Back to Home, the admin's first name and picture,
 * Logout. Below 1280 px the screens' links take a second row, so nothing leaves a 320 px phone.
 */
export function AdminHeader({ user }: AdminHeaderProps) {
  const { t } = useTranslation('admin');
  const [path] = useLocation();
  // The admin screens stay on the edition being worked on.
  const edition = useAdminEdition();
  const displayName = user.firstName || user.email || '';
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-950/95 text-white backdrop-blur supports-[backdrop-filter]:bg-ink-950/85">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1.5 px-3 sm:gap-x-3 sm:px-6">
        <div className="flex h-14 items-center gap-1.5 sm:h-16 sm:gap-3">
          {/* Phones: the trophy alone; the word mark needs the room the admin controls take. */}
          <BrandLink className="[&>span:last-child]:max-sm:sr-only" />
          <span className="rounded-md bg-gold-400 px-2 py-0.5 text-xs font-bold tracking-wide text-ink-950 uppercase">
            {t('header.admin')}
          </span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-[#dcfae6] p-1.5 text-xs font-semibold text-success min-[480px]:px-2 min-[480px]:py-0.5">
            <span aria-hidden="true" className="size-2 rounded-full bg-success" />
            <span className="max-[479px]:sr-only">{t('header.online')}</span>
          </span>
        </div>
        <nav
          aria-label={t('header.navLabel')}
          className="order-last -mx-3 flex w-[calc(100%+1.5rem)] items-center gap-1 border-t border-white/10 px-3 py-1.5 sm:-mx-6 sm:w-[calc(100%+3rem)] sm:px-6 xl:order-none xl:mx-0 xl:w-auto xl:flex-1 xl:border-0 xl:p-0"
        >
          {SECTIONS.map(({ href, icon: Icon, label, owns }) => {
            const current = owns(path);
            return (
              <Link
                key={href}
                href={withEdition(href, edition)}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  headerLinkClass,
                  // Two French labels share a 320 px row: they may wrap rather than overflow.
                  'min-w-0 justify-center text-center leading-tight whitespace-normal max-sm:flex-1 max-sm:px-1.5',
                  current && 'bg-white/10 text-white shadow-[inset_0_-2px_0_var(--color-gold-400)]',
                )}
              >
                <Icon aria-hidden="true" className="max-[359px]:hidden" />
                {t(label)}
              </Link>
            );
          })}
          <Link href="/" className={cn(headerLinkClass, 'ml-auto shrink-0')}>
            <Home aria-hidden="true" />
            <span className="max-md:sr-only">{t('header.backToHome')}</span>
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          <span className="flex items-center gap-2 pl-0.5" title={user.email ?? undefined}>
            <UserAvatar user={user} className="size-8" />
            <span className="max-w-32 truncate text-sm font-medium max-lg:sr-only">
              {displayName}
            </span>
          </span>
          <a href="/api/logout" className={cn(headerLinkClass, 'max-sm:px-2')}>
            <LogOut aria-hidden="true" />
            <span className="max-md:sr-only">{t('header.logout')}</span>
          </a>
        </div>
      </div>
    </header>
  );
}
