import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE, type ModuleSlug } from '@leadsmith/shared';
import type { PageOf } from '../../audit/api/listAuditLog';

export type UserType = 'super_admin' | 'reseller' | 'customer' | 'team_member';
export type Role = 'admin' | 'related' | 'user';
export const LAST_LOGIN_BUCKETS = ['7', '30', '90', 'over_90', 'never'] as const;
export type LastLoginBucket = (typeof LAST_LOGIN_BUCKETS)[number];

/** A user as the admin API returns it (GET /api/admin/users[/:id]). */
export interface AdminUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  user_type: UserType;
  modules: ModuleSlug[];
  created_at: string;
  deleted_at: string | null;
  last_login_at: string | null;
  license_expires_at: string | null;
  subscription_id: string | null;
  subscription_status: string | null;
  parent_id: number | null;
  parent_email: string | null;
  children_count: number;
  sub_account_limit: number | null;
  referral_partner_id: number | null;
  search_limit: number | null;
  searches_used: number;
  unused_limits: number;
  additional_query_count: number;
  last_reset_date: string | null;
  payment_product_id: string | null;
  crm_plan_id: string | null;
  plan_id: number | null;
  plan_name: string | null;
  can_create_related_accounts: boolean;
  lang: string;
}

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

export async function listUsers(query: UserListQuery, signal?: AbortSignal): Promise<PageOf<AdminUser>> {
  const { data } = await apiClient.get<PageOf<AdminUser>>('/api/admin/users', { params: { ...compact(query), page_size: DEFAULT_PAGE_SIZE }, signal });
  return data;
}

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (q: UserListQuery) => ['admin', 'users', 'list', q] as const,
  detail: (id: number) => ['admin', 'users', 'detail', id] as const,
};

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({ queryKey: userKeys.list(query), queryFn: ({ signal }) => listUsers(query, signal), placeholderData: keepPreviousData });

export const useUsers = (query: UserListQuery) => useQuery(usersQueryOptions(query));
