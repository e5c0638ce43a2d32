import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layout/skip-link';
import { TooltipProvider } from '../../components/ui/tooltip';
import { AdminHeader } from './admin-header';
import { useAdminGuard } from './use-admin-guard';

interface AdminShellProps {
  children: ReactNode;
}

/**
 * The frame of every admin screen. Nothing of the screen renders until the visitor is known to be
 * an admin; others see a blank page for the second before the guard sends them home.
 */
export function AdminShell({ children }: AdminShellProps) {
  const { t } = useTranslation('common');
  const access = useAdminGuard();
  // Every admin action ends in a toast, and the toaster's code is otherwise fetched by the first
  // one: a toast followed by a redirect (logged out: 0.5 s) could leave before it ever shows.
  useEffect(() => {
    void import('../../components/ui/toaster');
  }, []);
  if (access.status === 'denied') return null;
  if (access.status === 'checking') {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-gold-200 border-t-gold-500"
        />
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <AdminHeader user={access.user} />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
      </div>
    </TooltipProvider>
  );
}
