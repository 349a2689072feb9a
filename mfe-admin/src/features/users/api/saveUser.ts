import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ModuleSlug } from '@leadsmith/shared';
import { auditKeys } from '../../audit/api/listAuditLog';
import { userKeys, type AdminUser, type Role, type UserType } from './listUsers';

/** Body of POST /api/admin/users and PUT /api/admin/users/:id (password optional on edit). */
export interface UserInput {
  email: string;
  password?: string;
  first_name: string;
  last_name: string;
  role: Role;
  user_type: UserType;
  modules: ModuleSlug[];
  license_expires_at: string | null;
  subscription_id: string | null;
  subscription_status: string | null;
  parent_id: number | null;
  sub_account_limit: number | null;
  referral_partner_id: number | null;
  search_limit: number | null;
  additional_query_count: number;
  last_reset_date: string | null;
  payment_product_id: string | null;
  crm_plan_id: string | null;
  plan_id: number | null;
  can_create_related_accounts: boolean;
}

export async function saveUser({ id, input }: { id?: number; input: UserInput }): Promise<AdminUser> {
  const { data } = id
    ? await apiClient.put<{ user: AdminUser }>(`/api/admin/users/${id}`, input)
    : await apiClient.post<{ user: AdminUser }>('/api/admin/users', input);
  return data.user;
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
