import { Activity, LogIn, LogOut, Receipt, Shield, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cn } from '#client/lib/cn';
import { useAuth } from '#client/lib/use-auth';
import { useEvent } from '#client/lib/event-query';
import { buttonVariants } from '../ui/button-variants';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { UserAvatar } from './user-avatar';

const itemClass =
  'flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring';

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Results once published and My Receipts for everyone, Admin and Voter Tracking for admins, Logout when signed in. */
export function MobileMenuSheet({ open, onOpenChange }: MobileMenuSheetProps) {
  const { t } = useTranslation('common');
  const { user, isAdmin, isLoading } = useAuth();
  const { data: event } = useEvent();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <div className="bg-ink-950 px-5 pt-5 pb-6 text-white">
          <SheetTitle className="font-display text-2xl font-semibold">
            {t('nav.menuTitle')}
          </SheetTitle>
          <SheetDescription className="sr-only">{t('nav.menuDescription')}</SheetDescription>
          {user ? (
            <div className="mt-5 flex items-center gap-3">
              <UserAvatar user={user} />
              <div className="min-w-0">
                <p className="truncate font-semibold">{user.firstName || user.email}</p>
                <p className="text-sm text-gold-300">{t('nav.signedIn')}</p>
              </div>
            </div>
          ) : isLoading ? null : (
            // The header has no room for Login on phones, so signed-out visitors find it here.
            <a
              href="/api/login"
              className={cn(buttonVariants({ variant: 'accent' }), 'mt-5 w-full')}
            >
              <LogIn aria-hidden="true" />
              {t('nav.login')}
            </a>
          )}
        </div>
        <nav aria-label={t('nav.primary')} className="flex flex-col gap-1 p-3">
          {event?.resultsPublishedAt ? (
            <SheetClose asChild>
              <Link href="/results" className={itemClass}>
                <Trophy className="size-5 text-gold-600" aria-hidden="true" />
                {t('nav.results')}
              </Link>
            </SheetClose>
          ) : null}
          <SheetClose asChild>
            <Link href="~/my-receipts" className={itemClass}>
              <Receipt className="size-5 text-gold-600" aria-hidden="true" />
              {t('nav.myReceipts')}
            </Link>
          </SheetClose>
          {isAdmin ? (
            <>
              <SheetClose asChild>
                <Link href="~/admin" className={itemClass}>
                  <Shield className="size-5 text-gold-600" aria-hidden="true" />
                  {t('nav.admin')}
                </Link>
              </SheetClose>
              <SheetClose asChild>
                <Link href="~/admin/voter-tracking" className={itemClass}>
                  <Activity className="size-5 text-gold-600" aria-hidden="true" />
                  {t('nav.voterTracking')}
                </Link>
              </SheetClose>
            </>
          ) : null}
          {user ? (
            <a href="/api/logout" className={itemClass}>
              <LogOut className="size-5 text-gold-600" aria-hidden="true" />
              {t('nav.logout')}
            </a>
          ) : null}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
