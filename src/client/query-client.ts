import { MutationCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { toast } from './components/ui/toast-store';
import { afterNextPaint } from './lib/after-next-paint';
import { isUnauthorizedError } from './lib/api-error';
import { i18n } from './lib/i18n';

const LOGIN_REDIRECT_DELAY_MS = 500;

/** A 401 on any mutation means the session ended: say so, then sign in again. */
function onMutationError(error: Error): void {
  if (!isUnauthorizedError(error)) return;
  toast({
    title: i18n.t('common:unauthorized.title'),
    description: i18n.t('common:unauthorized.loggedOut'),
    variant: 'destructive',
  });
  void leaveForSignInOnceShown();
}

/**
 * The toast has to be seen before the page leaves. On a slow phone the toaster's code may still
 * be loading, so the countdown starts once it is loaded and the toast has been painted.
 */
async function leaveForSignInOnceShown(): Promise<void> {
  await import('./components/ui/toaster').catch(() => undefined);
  await afterNextPaint();
  window.setTimeout(() => {
    window.location.href = '/api/login';
  }, LOGIN_REDIRECT_DELAY_MS);
}

/** The cache's rules, for the browser's client and for the ones the server draws pages with. */
export const QUERY_DEFAULTS = {
  queries: {
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export const queryClient = new QueryClient({
  mutationCache: new MutationCache({ onError: onMutationError }),
  defaultOptions: QUERY_DEFAULTS,
});
