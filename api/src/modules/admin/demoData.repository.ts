/** The SQL of the admin demo data: bulk statements (unnest over arrays), so seeding stays fast on PGlite. */
import type { Queryable } from '../../db';

/** A Postgres array literal of numbers or quoted strings. */
const pgArray = (values: readonly (string | number)[]) =>
  `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '\\"')}"`)).join(',')}}`;
/** A Postgres array literal whose values may be NULL (written bare); the others quoted when `quote`. */
const pgNullableArray = (values: readonly (string | number | null)[], quote: boolean) =>
  `{${values.map((v) => (v === null ? 'NULL' : quote ? `"${v}"` : String(v))).join(',')}}`;

/** Is the demo there already (its first user). */
export async function demoSeeded(tx: Queryable, firstEmail: string): Promise<boolean> {
  const exists = await tx.query('SELECT 1 FROM users WHERE email = $1', [firstEmail]);
  return exists.rowCount > 0;
}

/** The demo plans, partners (of `domain`), topics, default prompts, a course and its pages; answers the plan and partner ids. */
export async function insertDemoCatalogue(
  tx: Queryable,
  domain: string,
  now: Date,
): Promise<{ plans: number[]; partners: number[] }> {
  const plans = (
    await tx.query<{ id: number }>(
      `INSERT INTO admin_plans (name, created_by, available_for, allow_related_accounts, payment_product_id, crm_plan_id, created_at, updated_at)
         VALUES ('Starter', 'system', 'customers', false, 'prod_starter', 'crm_starter', $1, $1),
                ('Agency', 'system', 'resellers', true, 'prod_agency', 'crm_agency', $1, $1),
                ('Partner Growth', 'partner', 'customers', false, 'prod_partner_growth', NULL, $1, $1)
         RETURNING id`,
      [now],
    )
  ).rows.map((r) => r.id);

  const partners = (
    await tx.query<{ id: number }>(
      `INSERT INTO admin_partners (name, email, company, referral_code, commission_percent, active, created_at, updated_at)
         VALUES ('Northwind Agency', 'hello@northwind.${domain}', 'Northwind Ltd', 'NORTHWIND', 20, true, $1, $1),
                ('Growth Collective', 'team@growth.${domain}', 'Growth Collective', 'GROWTH-10', 10, true, $1, $1),
                ('Lead Lab', NULL, NULL, 'LEADLAB', 15, false, $1, $1)
         RETURNING id`,
      [now],
    )
  ).rows.map((r) => r.id);
  await tx.query(
    `INSERT INTO admin_topics (title, description, position, shown, created_at, updated_at)
       VALUES ('Getting started', 'Set up your business profile and run a first search.', 1, true, $1, $1),
              ('Lead search', 'Find people, local businesses and companies.', 2, true, $1, $1),
              ('White-label', 'Sell packages under your own brand.', 3, true, $1, $1),
              ('Integrations', 'Send leads to your CRM or a webhook.', 4, false, $1, $1)`,
    [now],
  );

  await tx.query(
    `INSERT INTO admin_default_prompts (title, prompt_type, list_type, prompt, active, created_at, updated_at)
       VALUES ('Company summary', 'summary', 'company', 'Summarise what {company} does in two sentences for a sales rep.', true, $1, $1),
              ('Personal first line', 'first_line', 'people', 'Write a friendly first line for {first_name}, {position} at {company}.', true, $1, $1),
              ('Local subject line', 'subject', 'local', 'Write a short email subject for {name} in {city}.', true, $1, $1),
              ('Competitor angle', 'library', 'company', 'List three ways {company} differs from its closest competitor.', true, $1, $1),
              ('Partnership pitch', 'library', 'people', 'Suggest a partnership idea for {company} in one paragraph.', true, $1, $1)`,
    [now],
  );

  const course = (
    await tx.query<{ id: number }>(
      `INSERT INTO admin_courses (title, description, position, shown, created_at, updated_at)
         VALUES ('Welcome to Leadsmith', 'A first tour of the platform.', 1, true, $1, $1) RETURNING id`,
      [now],
    )
  ).rows[0]!.id;
  await tx.query(
    `INSERT INTO admin_course_pages (course_id, title, content, position, status, created_at, updated_at)
       VALUES ($1, 'Your business profile', 'Fill in your business profile so the AI tools know you.', 1, 'shown', $2, $2),
              ($1, 'Your first search', 'Choose a search type, a location and run it.', 2, 'shown', $2, $2),
              ($1, 'Sending leads to a CRM', 'Connect a CRM and send a list.', 3, 'draft', $2, $2)`,
    [course, now],
  );
  return { plans, partners };
}

/** One demo customer or reseller; dates as ISO strings, null where there is none. */
export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  userType: string;
  createdAt: string;
  lastLoginAt: string | null;
  deletedAt: string | null;
  subscriptionStatus: string | null;
  planId: number | null;
  searchesUsed: number;
  referralPartnerId: number | null;
}

/** Inserts the users (with the leads and wallet modules), all with one last reset date; answers their ids in email order. */
export async function insertDemoUsers(
  tx: Queryable,
  users: readonly DemoUser[],
  lastResetDate: string,
): Promise<number[]> {
  const ids = (
    await tx.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, created_at, updated_at, last_login_at, deleted_at,
                            subscription_status, plan_id, search_limit, searches_used, last_reset_date, email_verified_at, referral_partner_id)
         SELECT e, '!', f, l, t, c::timestamptz, c::timestamptz, ll::timestamptz, d::timestamptz, s, p, 500, u, $10::date, c::timestamptz, r
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $11::int[], $12::int[])
                AS x(e, f, l, t, c, ll, d, s, p, u, r)
         ORDER BY e RETURNING id`,
      [
        pgArray(users.map((u) => u.email)),
        pgArray(users.map((u) => u.firstName)),
        pgArray(users.map((u) => u.lastName)),
        pgArray(users.map((u) => u.userType)),
        pgArray(users.map((u) => u.createdAt)),
        pgNullableArray(
          users.map((u) => u.lastLoginAt),
          true,
        ),
        pgNullableArray(
          users.map((u) => u.deletedAt),
          true,
        ),
        pgNullableArray(
          users.map((u) => u.subscriptionStatus),
          true,
        ),
        pgNullableArray(
          users.map((u) => u.planId),
          false,
        ),
        lastResetDate,
        pgArray(users.map((u) => u.searchesUsed)),
        pgNullableArray(
          users.map((u) => u.referralPartnerId),
          false,
        ),
      ],
    )
  ).rows.map((r) => r.id);
  await tx.query(
    "INSERT INTO user_modules (user_id, module_id) SELECT u, m.id FROM unnest($1::int[]) AS u, modules m WHERE m.slug IN ('leads', 'wallet')",
    [pgArray(ids)],
  );
  return ids;
}

/** Ledger rows (credits granted and spent) and, from them, the users' wallets (the sum per user, never below 0). */
export async function insertDemoLedger(
  tx: Queryable,
  rows: { userId: number[]; delta: number[]; bucket: string[]; reason: string[]; at: string[] },
  userIds: readonly number[],
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::timestamptz[])`,
    [pgArray(rows.userId), pgArray(rows.delta), pgArray(rows.bucket), pgArray(rows.reason), pgArray(rows.at)],
  );
  // Wallet == sum of the ledger per bucket (the seed's invariant).
  await tx.query(
    `INSERT INTO credit_wallets (user_id, monthly, updated_at)
       SELECT user_id, GREATEST(0, sum(delta)), $2 FROM credit_ledger WHERE user_id = ANY($1::int[]) GROUP BY user_id`,
    [pgArray(userIds), now],
  );
}

/** Past sessions, already expired and revoked: only their start time matters (login activity). */
export async function insertDemoSessions(
  tx: Queryable,
  userId: readonly number[],
  at: readonly string[],
): Promise<void> {
  await tx.query(
    `INSERT INTO auth_tokens (user_id, token_hash, created_at, expires_at, revoked_at)
       SELECT u, 'demo-' || md5(u::text || a::text || ord::text), a, a, a FROM unnest($1::int[], $2::timestamptz[]) WITH ORDINALITY AS x(u, a, ord)`,
    [pgArray(userId), pgArray(at)],
  );
}
