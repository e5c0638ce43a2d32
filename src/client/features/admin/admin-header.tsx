import { Home, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BrandLink } from '../../components/layout/brand-link';
import { LanguageSwitch } from '../../components/layout/language-switch';
import { UserAvatar } from '../../components/layout/user-avatar';
import { cn } from '../../lib/cn';
import type { AuthUser } from '../../lib/use-auth';

const headerLinkClass =
  'inline-flex h-10 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-white/85 hover:bg-white/10 hover:text-white ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-400 [&_svg]:size-4 [&_svg]:shrink-0';

interface AdminHeaderProps {
  user: AuthUser;
}

/** Logo, Admin label, Online badge, Back to Home, the admin's first name and picture, Logout. */
export function AdminHeader({ user }: AdminHeaderProps) {
  const { t } = useTranslation('admin');
  const displayName = user.firstName || user.email || '';
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-950/95 text-white backdrop-blur supports-[backdrop-filter]:bg-ink-950/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        {/* Phones: the trophy alone; the word mark needs the room the admin controls take. */}
        <BrandLink className="[&>span:last-child]:max-sm:sr-only" />
        <span className="rounded-md bg-gold-400 px-2 py-0.5 text-xs font-bold tracking-wide text-ink-950 uppercase">
          {t('header.admin')}
        </span>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-[#dcfae6] p-1.5 text-xs font-semibold text-success min-[480px]:px-2 min-[480px]:py-0.5">
          <span aria-hidden="true" className="size-2 rounded-full bg-success" />
          <span className="max-[479px]:sr-only">{t('header.online')}</span>
        </span>
        <nav aria-label={t('header.navLabel')} className="ml-auto flex items-center gap-1">
          <Link href="/" className={headerLinkClass}>
            <Home aria-hidden="true" />
            <span className="max-md:sr-only">{t('header.backToHome')}</span>
          </Link>
          <LanguageSwitch className="mx-1" />
          <span className="flex items-center gap-2 pl-1" title={user.email ?? undefined}>
            <UserAvatar user={user} className="size-8" />
            <span className="max-w-32 truncate text-sm font-medium max-lg:sr-only">
              {displayName}
            </span>
          </span>
          <a href="/api/logout" className={cn(headerLinkClass, 'ml-1')}>
            <LogOut aria-hidden="true" />
            <span className="max-md:sr-only">{t('header.logout')}</span>
          </a>
        </nav>
      </div>
    </header>
  );
}
