import { useMutation } from '@tanstack/react-query';
import {
  apiClient,
  queryClient,
  sessionKeys,
  STORAGE_KEYS,
  useSessionStore,
  type LoginResponse,
} from '@leadsmith/shared';

export async function impersonateUser(id: number): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>(`/api/admin/users/${id}/impersonate`);
  return data;
}

/**
 * Log in as the user: the admin's own token is kept under `archived_user` (the shell's banner
 * offers the way back), then the session switches to the user's token.
 */
export function useImpersonateUser(onStarted: () => void) {
  return useMutation({
    mutationFn: impersonateUser,
    onSuccess: (login) => {
      const current = useSessionStore.getState().token;
      if (current && !localStorage.getItem(STORAGE_KEYS.archivedUser))
        localStorage.setItem(STORAGE_KEYS.archivedUser, current);
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.me(login.token), login.user);
      useSessionStore.getState().setToken(login.token);
      onStarted();
    },
  });
}
