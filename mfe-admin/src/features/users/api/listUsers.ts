import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiQuery, type ApiResponse, type ModuleSlug } from '@leadsmith/shared';

/** A user as the admin API returns it (GET /api/admin/users[/:id]). */
export type AdminUser = ApiResponse<'/api/admin/users/{id}', 'get'>;
export type UserType = AdminUser['user_type'];
export type Role = AdminUser['role'];
export const LAST_LOGIN_BUCKETS = ['7', '30', '90', 'over_90', 'never'] as const satisfies readonly NonNullable<
  ApiQuery<'/api/admin/users', 'get'>
>['last_login'][];
export type LastLoginBucket = (typeof LAST_LOGIN_BUCKETS)[number];

export interface UserListQuery {
  page: number;
  search?: string;
  status?: 'active' | 'deleted' | 'all';
  user_type?: UserType;
  module?: ModuleSlug;
  last_login?: LastLoginBucket;
}

/** Empty filters are left out of the request. */
const compact = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

export const listUsers = (query: UserListQuery, signal?: AbortSignal) =>
  api.get('/api/admin/users', { query: { ...compact(query), pageSize: DEFAULT_PAGE_SIZE }, config: { signal } });

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (q: UserListQuery) => ['admin', 'users', 'list', q] as const,
  detail: (id: number) => ['admin', 'users', 'detail', id] as const,
};

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UserListQuery) => useQuery(usersQueryOptions(query));
