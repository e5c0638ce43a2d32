import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { toast } from '#client/components/ui/toast-store';
import { errorStatus, isUnauthorizedError } from '#client/lib/api-error';
import { currentUserQuery, useAuth, type AuthUser } from '#client/lib/use-auth';
import { signInAction } from './sign-in-action';

const DENIED_REDIRECT_DELAY_MS = 1000;

export type AdminAccess =
  | { status: 'checking'; user: null }
  | { status: 'denied'; user: AuthUser | null }
  | { status: 'allowed'; user: AuthUser };

/**
 * For every admin screen (dashboard, artist editor, voter tracking). Signed-out and non-admin
 * visitors get the 'Unauthorized' / 'Admin access required. Redirecting...' toast and go to / after
 * 1 s. Render the screen only when `status` is 'allowed'.
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

  const signedOut = denied && !user;
  useEffect(() => {
    if (!denied) return;
    toast({
      title: t('unauthorized.title'),
      description: t('unauthorized.adminRequired'),
      variant: 'destructive',
      // Someone signed out may be the organiser: offer the way in, back to this very screen.
      action: signedOut
        ? signInAction(t('unauthorized.signIn'), window.location.pathname + window.location.search)
        : undefined,
    });
    const timer = window.setTimeout(() => navigate('/'), DENIED_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [denied, signedOut, navigate, t]);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.queryKey[0] === currentUserQuery().queryKey[0]) return;
        const status = errorStatus(event.action.error);
        if (status === 401 || status === 403) {
          void queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
        }
      }),
    [queryClient],
  );

  if (isLoading) return { status: 'checking', user: null };
  if (!isAdmin || !user) return { status: 'denied', user };
  return { status: 'allowed', user };
}

/**
 * The `onError` of an admin mutation: a titled 'Error' toast with the screen's own message.
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
        void queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
      }
      toast({ title: t('errors.title'), description, variant: 'destructive' });
    },
    [queryClient, t],
  );
}
