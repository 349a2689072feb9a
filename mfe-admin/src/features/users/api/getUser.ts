import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { userKeys, type AdminUser } from './listUsers';

export async function getUser(id: number, signal?: AbortSignal): Promise<AdminUser> {
  const { data } = await apiClient.get<AdminUser>(`/api/admin/users/${id}`, { signal });
  return data;
}

export const userQueryOptions = (id: number) => queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal), enabled: id > 0 });

export const useUser = (id: number) => useQuery(userQueryOptions(id));
