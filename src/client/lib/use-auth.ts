import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/auth';
import { hasSignedInHint } from '#shared/signed-in-hint';
import { ApiError } from './api-error';
import { getJson, type ReaderLoader } from './api-client';

/** Checked by its shared schema, loaded when first needed: only a browser with a session asks. */
const currentUserReader: ReaderLoader<CurrentUser> = () =>
  import('#shared/schemas/auth').then((m) => m.currentUserSchema);

export type AuthUser = CurrentUser;

export interface AuthState {
  user: AuthUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
}

/**
 * Who is signed in; a 401 means "signed out", not an error, so it resolves to null. Without the
 * server's signed-in hint cookie this browser holds no session, and the answer would be a certain
 * 401 (an error in every visitor's console): the request is skipped. Checked on every run, so a
 * sign-in or sign-out elsewhere is seen at the next refresh of the query.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['/api/auth/user'],
    queryFn: async ({ signal }): Promise<AuthUser | null> => {
      if (!hasSignedInHint(document.cookie)) return null;
      try {
        return await getJson('/api/auth/user', currentUserReader, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQuery());
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, isAdmin: user?.isAdmin === true };
}
