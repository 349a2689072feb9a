import type { Queryable } from '../../db';

export async function logEvent(
  q: Queryable,
  ownerId: number,
  subscriptionId: number,
  event: string,
  at: Date,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await q.query(
    'INSERT INTO whitelabel_usage_events (owner_id, subscription_id, event, detail, created_at) VALUES ($1, $2, $3, $4::jsonb, $5)',
    [ownerId, subscriptionId, event, JSON.stringify(detail), at],
  );
}

/** The customer inactive: `subscription_status = 'inactive'` and the customer modules taken away. */
export async function deactivateCustomer(
  q: Queryable,
  customerId: number,
  moduleSlugs: readonly string[],
): Promise<void> {
  await q.query(`UPDATE users SET subscription_status = 'inactive' WHERE id = $1`, [customerId]);
  await q.query(
    `DELETE FROM user_modules WHERE user_id = $1 AND module_id IN (SELECT id FROM modules WHERE slug = ANY($2::text[]))`,
    [customerId, `{${moduleSlugs.join(',')}}`],
  );
}

/** Whether the owner may create related accounts, its sub-account limit and how many customers it has (deleted ones not counted). */
export async function customerRoomOf(
  q: Queryable,
  ownerId: number,
): Promise<{ allowed: boolean; cap: number | null; used: number } | null> {
  const { rows } = await q.query<{ allowed: boolean; cap: number | null; used: number }>(
    `SELECT u.can_create_related_accounts AS allowed, u.sub_account_limit AS cap,
            (SELECT count(*)::int FROM users c WHERE c.parent_id = u.id AND c.user_type = 'customer' AND c.deleted_at IS NULL) AS used
       FROM users u WHERE u.id = $1`,
    [ownerId],
  );
  return rows[0] ?? null;
}

export interface NewCustomer {
  ownerId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** null: a random one (the customer sets their own through "Forgot password"). */
  password: string | null;
  /** false: the customer confirms the address with an emailed code (a sales-page sign-up, like /auth/register). */
  verified?: boolean;
  /** A partner's referral code from the link the visitor came by (`?ref=`): the active partner it names is credited. */
  referralCode?: string | null;
}

/** The child account row, role `related` (a sub-account of the owner, ADR 052; verified unless `verified: false`: the reseller vouches for the address). Null when the email is taken. */
export async function insertCustomer(
  q: Queryable,
  c: NewCustomer,
  passwordHash: string,
  at: Date,
): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, parent_id, email_verified_at, created_at, updated_at, subscription_status,
                        search_limit, last_reset_date, lang, referral_partner_id)
     SELECT $1, $2, $3, $4, 'related', 'customer', $5, CASE WHEN $8 THEN $6::timestamptz END, $6::timestamptz, $6::timestamptz, 'inactive', 0, $7::date, lang,
            (SELECT p.id FROM admin_partners p WHERE $9::text IS NOT NULL AND lower(p.referral_code) = lower($9::text) AND p.active)
       FROM users WHERE id = $5
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [
      c.email,
      passwordHash,
      c.firstName,
      c.lastName,
      c.ownerId,
      at,
      at.toISOString().slice(0, 10),
      c.verified ?? true,
      c.referralCode ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

/** A new active subscription row; answers its id. */
export async function insertSubscription(
  q: Queryable,
  s: {
    ownerId: number;
    customerId: number;
    packageId: number;
    customerName: string;
    username: string;
    additionalCredits: number;
    welcomeEmail: boolean;
    managedBy: 'manual' | 'provider';
    source: 'reseller' | 'sales_page';
    periodEnd: Date;
    at: Date;
    customAnswers?: Record<string, string>;
  },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO whitelabel_subscriptions (owner_id, customer_id, package_id, customer_name, username, additional_credits, welcome_email, status, managed_by, source,
       current_period_end, created_at, updated_at, custom_answers)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', $8, $9, $10, $11, $11, $12::jsonb) RETURNING id`,
    [
      s.ownerId,
      s.customerId,
      s.packageId,
      s.customerName,
      s.username,
      s.additionalCredits,
      s.welcomeEmail,
      s.managedBy,
      s.source,
      s.periodEnd,
      s.at,
      JSON.stringify(s.customAnswers ?? {}),
    ],
  );
  return rows[0]!.id;
}

/** The subscription billed by Stripe: its Stripe subscription id and interval. */
export async function markStripeBilled(
  q: Queryable,
  id: number,
  subscriptionRef: string,
  interval: 'month' | 'year',
): Promise<void> {
  await q.query(
    `UPDATE whitelabel_subscriptions SET billing_provider = 'stripe', provider_subscription_ref = $2, billing_interval = $3 WHERE id = $1`,
    [id, subscriptionRef, interval],
  );
}
