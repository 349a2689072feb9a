import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@leadsmith/shared';
import { auditKeys } from '../../audit/api/listAuditLog';
import { userKeys, type AdminUser } from './listUsers';

/** Body of POST /api/admin/users and PUT /api/admin/users/:id (password optional on edit). */
export type UserInput = Omit<ApiBody<'/api/admin/users', 'post'>, 'password'> & { password?: string };

export async function saveUser({ id, input }: { id?: number; input: UserInput }): Promise<AdminUser> {
  const saved = id
    ? await api.put('/api/admin/users/{id}', { path: { id }, body: input })
    : await api.post('/api/admin/users', { body: { ...input, password: input.password ?? '' } });
  return saved.user;
}

/** Create (no id) or edit a user; lists, the user and the history refresh. */
export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(user.id), user);
      void client.invalidateQueries({ queryKey: userKeys.all });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
