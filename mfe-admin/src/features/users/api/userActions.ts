import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { auditKeys } from '../../audit/api/listAuditLog';
import { userKeys, type AdminUser } from './listUsers';

/** The one-click admin actions on a user, each one endpoint answering `{ message, user }`. */
export type UserAction = 'delete' | 'restore' | 'reset-limits' | 'remove-additional-requests';

export async function runUserAction({ id, action }: { id: number; action: UserAction }): Promise<AdminUser> {
  const path = { id };
  const done =
    action === 'delete'
      ? await api.delete('/api/admin/users/{id}', { path })
      : action === 'restore'
        ? await api.post('/api/admin/users/{id}/restore', { path })
        : action === 'reset-limits'
          ? await api.post('/api/admin/users/{id}/reset-limits', { path })
          : await api.post('/api/admin/users/{id}/remove-additional-requests', { path });
  return done.user;
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
