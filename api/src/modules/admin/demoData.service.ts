import type { Clock } from '../../clock';
import { isoDate } from '../../clock';
import type { Db } from '../../db';

/** Demo activity for the admin charts: plans, ~40 customers spread over a year, their searches (credit debits) and sign-ins. */
export const DEMO_DOMAIN = 'demo.leadsmith.test';
const DEMO_USERS = 40;
const DAY_MS = 24 * 3600_000;
const SEARCH_REASONS = [
  'Search: people',
  'Search: local',
  'Search: company',
  'Search: domain',
  'Search: influencer',
  'Search: intent',
];
const FIRST = ['Alex', 'Jamie', 'Robin', 'Sam', 'Taylor', 'Jordan', 'Quinn', 'Drew', 'Kai', 'Noa'];
const LAST = ['Hart', 'Lopez', 'Moreau', 'Becker', 'Singh', 'Okafor', 'Rossi', 'Kim'];

/** Deterministic pseudo-random numbers: the same demo every time. */
function generator(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % max;
  };
}

const pgArray = (values: readonly (string | number)[]) =>
  `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '\\"')}"`)).join(',')}}`;

/** Idempotent: does nothing once the demo plans exist. Bulk statements, so it stays fast on PGlite. */
export async function seedAdminDemo(db: Db, clock: Clock): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const exists = await tx.query('SELECT 1 FROM users WHERE email = $1', [`demo-01@${DEMO_DOMAIN}`]);
    if (exists.rowCount > 0) return;
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
         VALUES ('Northwind Agency', 'hello@northwind.${DEMO_DOMAIN}', 'Northwind Ltd', 'NORTHWIND', 20, true, $1, $1),
                ('Growth Collective', 'team@growth.${DEMO_DOMAIN}', 'Growth Collective', 'GROWTH-10', 10, true, $1, $1),
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

    const rand = generator(42);
    const referrals: (number | null)[] = [];
    const emails: string[] = [];
    const names: string[][] = [];
    const created: string[] = [];
    const lastLogin: (string | null)[] = [];
    const deleted: (string | null)[] = [];
    const types: string[] = [];
    const statuses: (string | null)[] = [];
    const planIds: (number | null)[] = [];
    const used: number[] = [];
    for (let i = 1; i <= DEMO_USERS; i++) {
      emails.push(`demo-${String(i).padStart(2, '0')}@${DEMO_DOMAIN}`);
      names.push([FIRST[i % FIRST.length]!, LAST[i % LAST.length]!]);
      const ageDays = 10 + Math.floor(((DEMO_USERS - i) / DEMO_USERS) * 355) + rand(5);
      created.push(new Date(now.getTime() - ageDays * DAY_MS).toISOString());
      // Last-login buckets: recent, within 30, within 90, older, never.
      const bucket = i % 5;
      const loginDays = [rand(7), 8 + rand(20), 31 + rand(55), 91 + rand(200), -1][bucket]!;
      lastLogin.push(
        loginDays < 0 || loginDays > ageDays ? null : new Date(now.getTime() - loginDays * DAY_MS).toISOString(),
      );
      deleted.push(i % 9 === 0 ? new Date(now.getTime() - rand(60) * DAY_MS).toISOString() : null);
      types.push(i % 7 === 0 ? 'reseller' : 'customer');
      statuses.push(['active', 'active', 'active', 'trialing', 'canceled', 'past_due', null][i % 7]!);
      planIds.push(i % 6 === 5 ? null : plans[i % plans.length]!);
      used.push(rand(400));
      referrals.push(i % 4 === 0 ? null : partners[i % 3 === 0 ? 0 : i % 2]!);
    }
    const ids = (
      await tx.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, user_type, created_at, updated_at, last_login_at, deleted_at,
                            subscription_status, plan_id, search_limit, searches_used, last_reset_date, email_verified_at, referral_partner_id)
         SELECT e, '!', f, l, t, c::timestamptz, c::timestamptz, ll::timestamptz, d::timestamptz, s, p, 500, u, $10::date, c::timestamptz, r
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $11::int[], $12::int[])
                AS x(e, f, l, t, c, ll, d, s, p, u, r)
         ORDER BY e RETURNING id`,
        [
          pgArray(emails),
          pgArray(names.map((n) => n[0]!)),
          pgArray(names.map((n) => n[1]!)),
          pgArray(types),
          pgArray(created),
          `{${lastLogin.map((v) => (v ? `"${v}"` : 'NULL')).join(',')}}`,
          `{${deleted.map((v) => (v ? `"${v}"` : 'NULL')).join(',')}}`,
          `{${statuses.map((v) => (v ? `"${v}"` : 'NULL')).join(',')}}`,
          `{${planIds.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`,
          isoDate(new Date(now.getTime() - 12 * DAY_MS)),
          pgArray(used),
          `{${referrals.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`,
        ],
      )
    ).rows.map((r) => r.id);
    await tx.query(
      "INSERT INTO user_modules (user_id, module_id) SELECT u, m.id FROM unnest($1::int[]) AS u, modules m WHERE m.slug IN ('leads', 'wallet')",
      [pgArray(ids)],
    );

    // The ledger: a monthly grant, then searches (debits) on random days since the account was created.
    const lUser: number[] = [];
    const lDelta: number[] = [];
    const lBucket: string[] = [];
    const lReason: string[] = [];
    const lAt: string[] = [];
    const tUser: number[] = [];
    const tAt: string[] = [];
    ids.forEach((id, index) => {
      const since = new Date(created[index]!).getTime();
      for (let day = Math.floor((now.getTime() - since) / DAY_MS); day >= 0; day -= 30) {
        const grantAt = now.getTime() - day * DAY_MS;
        lUser.push(id);
        lDelta.push(500);
        lBucket.push('monthly');
        lReason.push('Monthly plan credits');
        lAt.push(new Date(grantAt).toISOString());
        const searches = 2 + rand(10);
        for (let s = 0; s < searches; s++) {
          const at = grantAt + rand(Math.min(30, day + 1)) * DAY_MS + rand(DAY_MS);
          if (at > now.getTime()) continue;
          lUser.push(id);
          lDelta.push(-(5 + rand(40)));
          lBucket.push('monthly');
          lReason.push(SEARCH_REASONS[rand(SEARCH_REASONS.length)]!);
          lAt.push(new Date(at).toISOString());
        }
      }
      // Sign-ins over the last 90 days (login activity).
      const logins = index % 5 === 4 ? 0 : 3 + rand(20);
      for (let k = 0; k < logins; k++) {
        const at = now.getTime() - rand(90) * DAY_MS - rand(DAY_MS);
        if (at < since) continue;
        tUser.push(id);
        tAt.push(new Date(at).toISOString());
      }
    });
    await tx.query(
      `INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::timestamptz[])`,
      [pgArray(lUser), pgArray(lDelta), pgArray(lBucket), pgArray(lReason), pgArray(lAt)],
    );
    // Wallet == sum of the ledger per bucket (the seed's invariant).
    await tx.query(
      `INSERT INTO credit_wallets (user_id, monthly, updated_at)
       SELECT user_id, GREATEST(0, sum(delta)), $2 FROM credit_ledger WHERE user_id = ANY($1::int[]) GROUP BY user_id`,
      [pgArray(ids), now],
    );
    // Past sessions, already expired and revoked: only their start time matters (login activity).
    await tx.query(
      `INSERT INTO auth_tokens (user_id, token_hash, created_at, expires_at, revoked_at)
       SELECT u, 'demo-' || md5(u::text || a::text || ord::text), a, a, a FROM unnest($1::int[], $2::timestamptz[]) WITH ORDINALITY AS x(u, a, ord)`,
      [pgArray(tUser), pgArray(tAt)],
    );
  });
}
