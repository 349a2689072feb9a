import { Nullable, OrNull, StringEnum, Type, type Static } from '../../http/contract';
import { emailSchema, langSchema, nameSchema, passwordSchema } from '../../http/schemas';
import { MODULE_SLUGS } from '../../users/users';

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

const nullableInt = (max = 1_000_000_000) => OrNull(Type.Integer({ minimum: 0, maximum: max }));
const nullableId = OrNull(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }));
const nullableText = OrNull(Type.String({ maxLength: 200 }));
const nullableDate = OrNull(Type.String({ format: 'date', maxLength: 10 }));

/** What an admin may set on a user: the create body (email, password, first name and modules required; modules and password are handled apart from the columns). */
export const UserCreateBody = Type.Object(
  {
    email: emailSchema,
    first_name: nameSchema,
    last_name: Type.Optional(Type.String({ maxLength: 100 })),
    role: Type.Optional(StringEnum(ROLES)),
    user_type: Type.Optional(StringEnum(USER_TYPES)),
    modules: Type.Array(StringEnum(MODULE_SLUGS), { uniqueItems: true, maxItems: MODULE_SLUGS.length }),
    lang: Type.Optional(langSchema),
    license_expires_at: Type.Optional(nullableDate),
    subscription_id: Type.Optional(nullableText),
    subscription_status: Type.Optional(
      Type.Unsafe<(typeof SUBSCRIPTION_STATUSES)[number] | null>({
        type: ['string', 'null'],
        enum: [...SUBSCRIPTION_STATUSES, null],
      }),
    ),
    parent_id: Type.Optional(nullableId),
    sub_account_limit: Type.Optional(nullableInt(100_000)),
    referral_partner_id: Type.Optional(nullableId),
    search_limit: Type.Optional(nullableInt()),
    additional_query_count: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
    last_reset_date: Type.Optional(nullableDate),
    payment_product_id: Type.Optional(nullableText),
    crm_plan_id: Type.Optional(nullableText),
    plan_id: Type.Optional(nullableId),
    can_create_related_accounts: Type.Optional(Type.Boolean()),
    password: passwordSchema,
  },
  { additionalProperties: false },
);
/** The edit body: any of the create body's fields, at least one. */
export const UserEditBody = Type.Partial(UserCreateBody, { additionalProperties: false, minProperties: 1 });
/** What an admin may set on a user (the edit body). */
export type Editable = Static<typeof UserEditBody>;
