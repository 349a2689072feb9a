import { Nullable, StringEnum, Type, type Static } from '../../http/contract';
import { MODULE_SLUGS, type ModuleSlug } from '../../users/users';

/** Admin last-login buckets, in days (spec §9 leaves the values open). */
export const LAST_LOGIN_BUCKETS = ['7', '30', '90', 'over_90', 'never'] as const;
export type LastLoginBucket = (typeof LAST_LOGIN_BUCKETS)[number];
export const USER_TYPES = ['super_admin', 'reseller', 'customer', 'team_member'] as const;
export const ROLES = ['admin', 'related', 'user'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'trialing', 'past_due'] as const;

const Text = Nullable(Type.String());
const Count = Nullable(Type.Integer());
const Id = Nullable(Type.Integer());

/** Everything an admin sees and edits of a user (no secrets). */
export const AdminUserSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: StringEnum(ROLES),
  user_type: StringEnum(USER_TYPES),
  /** The user's own modules (what the admin's user form edits). */
  modules: Type.Array(StringEnum(MODULE_SLUGS)),
  /** What the user holds (user_held_modules): its own plus what its plan or package grants (ADR 050). */
  held_modules: Type.Array(StringEnum(MODULE_SLUGS)),
  created_at: Type.String({ format: 'date-time' }),
  deleted_at: Nullable(Type.String({ format: 'date-time' })),
  last_login_at: Nullable(Type.String({ format: 'date-time' })),
  license_expires_at: Nullable(Type.String({ format: 'date-time' })),
  subscription_id: Text,
  subscription_status: Text,
  parent_id: Id,
  parent_email: Text,
  children_count: Type.Integer(),
  sub_account_limit: Count,
  referral_partner_id: Id,
  search_limit: Count,
  searches_used: Type.Integer(),
  unused_limits: Type.Integer(),
  additional_query_count: Type.Integer(),
  last_reset_date: Nullable(Type.String({ format: 'date' })),
  payment_product_id: Text,
  crm_plan_id: Text,
  plan_id: Id,
  plan_name: Text,
  can_create_related_accounts: Type.Boolean(),
  lang: Type.String(),
});
export type AdminUserDto = Static<typeof AdminUserSchema>;

/** What an admin may set on a user (the create and edit bodies; modules and password are handled apart from the columns). */
export type Editable = {
  email?: string;
  first_name?: string;
  last_name?: string;
  role?: AdminUserDto['role'];
  user_type?: AdminUserDto['user_type'];
  modules?: ModuleSlug[];
  lang?: string;
  license_expires_at?: string | null;
  subscription_id?: string | null;
  subscription_status?: string | null;
  parent_id?: number | null;
  sub_account_limit?: number | null;
  referral_partner_id?: number | null;
  search_limit?: number | null;
  additional_query_count?: number;
  last_reset_date?: string | null;
  payment_product_id?: string | null;
  crm_plan_id?: string | null;
  plan_id?: number | null;
  can_create_related_accounts?: boolean;
  password?: string;
};
