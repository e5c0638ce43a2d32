import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { toast } from '../../components/ui/toast-store';
import { errorStatus, isUnauthorizedError } from '../../lib/api-error';
import { AUTH_USER_QUERY_KEY, useAuth, type AuthUser } from '../../lib/use-auth';

const DENIED_REDIRECT_DELAY_MS = 1000;

export type AdminAccess =
  | { status: 'checking'; user: null }
  | { status: 'denied'; user: AuthUser | null }
  | { status: 'allowed'; user: AuthUser };

/**
 * For every admin screen (dashboard, artist editor, voter tracking). Signed-out and non-admin
 * visitors get the 'Unauthorized' / 'Admin access required. Redirecting...' toast and go to / after
 * 1 s (SPEC 4, 6). Render the screen only when `status` is 'allowed'.
 *
 * A session can end while the page is open (expiry, logout in another tab, admin revoked): any
 * admin read answered 401 or 403 re-checks the current user, and the guard then turns the visitor
 * away like any other.
 */
export function useAdminGuard(): AdminAccess {
  const { t } = useTranslation('common');
  const { user, isLoading, isAdmin } = useAuth();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const denied = !isLoading && !isAdmin;

  useEffect(() => {
    if (!denied) return;
    toast({
      title: t('unauthorized.title'),
      description: t('unauthorized.adminRequired'),
      variant: 'destructive',
    });
    const timer = window.setTimeout(() => navigate('/'), DENIED_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [denied, navigate, t]);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.queryKey[0] === AUTH_USER_QUERY_KEY[0]) return;
        const status = errorStatus(event.action.error);
        if (status === 401 || status === 403) {
          void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
        }
      }),
    [queryClient],
  );

  if (isLoading) return { status: 'checking', user: null };
  if (!isAdmin || !user) return { status: 'denied', user };
  return { status: 'allowed', user };
}

/**
 * The `onError` of an admin mutation: a titled 'Error' toast with the screen's own message (SPEC 8).
 * A 401 is left to the query client's mutation cache, which already shows 'You are logged out.
 * Logging in again...' and opens /api/login after 0.5 s for every mutation; a second toast here
 * would only replace it. A 403 means admin was taken away: the guard re-checks and turns the
 * visitor away.
 */
export function useAdminMutationErrorHandler(): (error: Error, description: string) => void {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  return useCallback(
    (error, description) => {
      if (isUnauthorizedError(error)) return;
      if (errorStatus(error) === 403) {
        void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
      }
      toast({ title: t('errors.title'), description, variant: 'destructive' });
    },
    [queryClient, t],
  );
}
