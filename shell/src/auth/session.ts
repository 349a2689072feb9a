import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiClient, queryClient, sessionKeys, useSessionStore, type LoginResponse } from '@leadsmith/shared/core';

/** Spec §4: a stored token leads to loading the user; success stores both. */
export function useStartSession(): (login: LoginResponse) => void {
  const setToken = useSessionStore((s) => s.setToken);
  return useCallback(
    (login: LoginResponse) => {
      queryClient.setQueryData(sessionKeys.me(login.token), login.user);
      setToken(login.token);
    },
    [setToken],
  );
}

/** Clears token, archived-user flag and every cached query (spec §4). */
export function endSession(): void {
  useSessionStore.getState().setToken(null);
  queryClient.clear();
}

/** Logout: revoke the token at the API, clear local state, go to Login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await apiClient.post('/auth/logout', undefined, { silent: true });
    } catch {
      // The token is dropped locally whatever the API says.
    }
    endSession();
    navigate('/login', { replace: true });
  }, [navigate]);
}
