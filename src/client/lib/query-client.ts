import { MutationCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { isUnauthorizedError } from './api-error';
import { languageHeader, throwIfNotOk } from './api-request';
import { i18n } from './i18n';
import { toast } from '../components/ui/toast-store';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default read: the query key parts joined with '/' form the URL (SPEC 7), so
 * ['/api/categories', id] fetches /api/categories/{id}.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.map(String).join('/');
    const response = await fetch(url, {
      credentials: 'include',
      headers: languageHeader(),
      signal,
    });
    if (options.on401 === 'returnNull' && response.status === 401) {
      return null as T;
    }
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

const LOGIN_REDIRECT_DELAY_MS = 500;

/** A 401 on any mutation means the session ended: say so, then sign in again (SPEC 8). */
function onMutationError(error: Error): void {
  if (!isUnauthorizedError(error)) return;
  toast({
    title: i18n.t('common:unauthorized.title'),
    description: i18n.t('common:unauthorized.loggedOut'),
    variant: 'destructive',
  });
  window.setTimeout(() => {
    window.location.href = '/api/login';
  }, LOGIN_REDIRECT_DELAY_MS);
}

export const queryClient = new QueryClient({
  mutationCache: new MutationCache({ onError: onMutationError }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
    },
    mutations: {
      retry: false,
    },
  },
});
