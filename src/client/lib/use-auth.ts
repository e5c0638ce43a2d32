import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/schemas/auth';
import { getQueryFn } from './query-client';

export type AuthUser = CurrentUser;

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;

export interface AuthState {
  user: AuthUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
}

/** A 401 means "signed out", not an error, so it resolves to null (SPEC 4). */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: getQueryFn<AuthUser | null>({ on401: 'returnNull' }),
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, isAdmin: user?.isAdmin === true };
}
