import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { auditKeys } from '../../audit/api/listAuditLog';
import { userKeys, type AdminUser } from './listUsers';

/** The one-click admin actions on a user, each one endpoint answering `{ message, user }`. */
export type UserAction = 'delete' | 'restore' | 'reset-limits' | 'remove-additional-requests';

export async function runUserAction({ id, action }: { id: number; action: UserAction }): Promise<AdminUser> {
  const { data } =
    action === 'delete'
      ? await apiClient.delete<{ user: AdminUser }>(`/api/admin/users/${id}`)
      : await apiClient.post<{ user: AdminUser }>(`/api/admin/users/${id}/${action}`);
  return data.user;
}

export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runUserAction,
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(user.id), user);
      void client.invalidateQueries({ queryKey: userKeys.all });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
