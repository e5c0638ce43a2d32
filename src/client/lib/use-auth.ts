import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './query-client';

/** The current user as GET /api/auth/user returns it (SPEC 3 lists what the interface reads). */
export interface AuthUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
}

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
