import type { ModuleSlug } from '../areas/areas';
import type { Language } from '../constants/limits';

export interface UserModule {
  id: number;
  slug: ModuleSlug;
  name: string;
}

/** The user as `GET /api/me` returns it (spec §3 User). */
export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  created_at: string;
  hash_hmac: string;
  role: 'admin' | 'related' | 'user';
  user_type: 'super_admin' | 'reseller' | 'customer' | 'team_member';
  parent_id: number | null;
  is_child: boolean;
  lang: Language;
  modules: UserModule[];
  permissions: ModuleSlug[];
  license_expires_at: string | null;
  last_login_at: string | null;
  subscription_id: string | null;
  subscription_status: string | null;
  sub_account_limit: number | null;
  referral_partner_id: number | null;
  additional_query_count: number;
  last_reset_date: string | null;
  search_limit: number | null;
  unused_limits: number;
  payment_product_id: string | null;
  crm_plan_id: string | null;
  email_verified_at: string | null;
}

export interface ListType {
  id: number;
  name: string;
  search_type: string;
}

export interface LoginResponse {
  token: string;
  token_type: 'Bearer';
  expires_at: string;
  user: User;
}
