import { useEffect, type ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '#client/components/layout/skip-link';
import { AdminHeader } from './admin-header';
import { EditionSwitcher } from './edition';
import { SectionSpinner } from './section-spinner';
import { useAdminGuard } from './use-admin-guard';
import { useScrollPadding } from './use-scroll-padding';

interface AdminShellProps {
  children: ReactNode;
}

/**
 * The frame of every admin screen. Nothing of the screen renders until the visitor is known to be
 * an admin; others see a blank page for the second before the guard sends them home.
 */
export function AdminShell({ children }: AdminShellProps) {
  const access = useAdminGuard();
  // The admin header is sticky; its height (one row or two) is in styles.css.
  useScrollPadding('top', 'var(--admin-header-clearance)');
  // Every admin action ends in a toast, and the toaster's code is otherwise fetched by the first
  // one: a toast followed by a redirect (logged out: 0.5 s) could leave before it ever shows.
  useEffect(() => {
    void import('#client/components/ui/toaster');
  }, []);
  if (access.status === 'denied') return null;
  if (access.status === 'checking') {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <SectionSpinner />
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AdminHeader user={access.user} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <EditionSwitcher />
        {children}
      </main>
    </div>
  );
}
