import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { userKeys, type AdminUser } from './listUsers';

export const getUser = (id: number, signal?: AbortSignal): Promise<AdminUser> =>
  api.get('/api/admin/users/{id}', { path: { id }, config: { signal } });

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal), enabled: id > 0 });

export const useUser = (id: number) => useQuery(userQueryOptions(id));
