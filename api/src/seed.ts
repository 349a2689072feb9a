import { hashPassword } from './auth/passwords';
import { isoDate, systemClock, type Clock } from './clock';
import type { Db, Queryable } from './db';
import { DEFAULT_COLORS, DEFAULT_DOMAIN } from './modules/core/siteSettings.schemas';
import { currentTermsVersion, type ModuleSlug, type UserType } from './users/users';

interface DemoAccount {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  role: 'admin' | 'related' | 'user';
  user_type: UserType;
  /** Email of the parent (reseller) account. */
  parent?: string;
  modules: ModuleSlug[];
  searches_used: number;
  wallet: { monthly: number; additional: number; rolled_over: number };
  reseller?: boolean;
}

/** Demo accounts (also listed in api/README.md). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@leadsmith.test',
    password: 'leadsmith-admin',
    first_name: 'Avery',
    last_name: 'Admin',
    role: 'admin',
    user_type: 'super_admin',
    modules: ['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet'],
    searches_used: 120,
    wallet: { monthly: 5000, additional: 1000, rolled_over: 0 },
  },
  {
    email: 'reseller@leadsmith.test',
    password: 'leadsmith-reseller',
    first_name: 'Riley',
    last_name: 'Reseller',
    role: 'user',
    user_type: 'reseller',
    modules: ['leads', 'ai_suggest', 'whitelabel', 'wallet'],
    searches_used: 340,
    wallet: { monthly: 2000, additional: 500, rolled_over: 250 },
    reseller: true,
  },
  {
    email: 'customer@leadsmith.test',
    password: 'leadsmith-customer',
    first_name: 'Casey',
    last_name: 'Customer',
    // A related account: the reseller's sub-account (ADR 052).
    role: 'related',
    user_type: 'customer',
    parent: 'reseller@leadsmith.test',
    modules: ['leads', 'wallet'],
    searches_used: 620,
    wallet: { monthly: 800, additional: 200, rolled_over: 50 },
  },
  {
    email: 'basic@leadsmith.test',
    password: 'leadsmith-basic',
    first_name: 'Blake',
    last_name: 'Basic',
    role: 'user',
    user_type: 'customer',
    modules: [],
    searches_used: 0,
    wallet: { monthly: 100, additional: 0, rolled_over: 0 },
  },
];

export const DEMO_SEARCH_LIMIT = 1000;

async function insertAccount(tx: Queryable, account: DemoAccount, passwordHash: string, now: Date): Promise<void> {
  const parentId = account.parent
    ? ((await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [account.parent])).rows[0]?.id ?? null)
    : null;
  const lastReset = isoDate(new Date(now.getTime() - 10 * 24 * 3600_000));
  const licenseExpires = new Date(now.getTime() + 365 * 24 * 3600_000);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, parent_id, email_verified_at, created_at, updated_at,
                        license_expires_at, subscription_status, sub_account_limit, last_reset_date, search_limit, searches_used,
                        lang, can_create_related_accounts, terms_accepted_version, terms_accepted_at, credit_popup_disabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8, $9, $10, $11, $12, $13, $14, 'en', $15, $16, $8, true)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [
      account.email,
      passwordHash,
      account.first_name,
      account.last_name,
      account.role,
      account.user_type,
      parentId,
      now,
      account.user_type === 'super_admin' ? null : licenseExpires,
      account.user_type === 'super_admin' ? null : 'active',
      account.reseller ? 25 : null,
      lastReset,
      DEMO_SEARCH_LIMIT,
      account.searches_used,
      account.reseller ?? false,
      // Demo accounts have accepted the terms in force and seen the credit pop-up; new accounts are asked.
      currentTermsVersion(),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) return; // already there: leave the account as it is now
  for (const slug of account.modules) {
    await tx.query(
      'INSERT INTO user_modules (user_id, module_id) SELECT $1, id FROM modules WHERE slug = $2 ON CONFLICT DO NOTHING',
      [id, slug],
    );
  }
  const { monthly, additional, rolled_over } = account.wallet;
  await tx.query(
    'INSERT INTO credit_wallets (user_id, monthly, additional, rolled_over, updated_at) VALUES ($1, $2, $3, $4, $5)',
    [id, monthly, additional, rolled_over, now],
  );
  // The ledger explains the balance: wallet == sum(ledger) per bucket.
  const entries: [number, string, string][] = [
    [monthly, 'monthly', 'Monthly plan credits'],
    [additional, 'additional', 'Credit purchase'],
    [rolled_over, 'rolled_over', 'Unused credits rolled over'],
  ];
  for (const [delta, bucket, reason] of entries) {
    if (delta === 0) continue;
    await tx.query(
      'INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at) VALUES ($1, $2, $3, $4, $5)',
      [id, delta, bucket, reason, now],
    );
  }
}

/**
 * Demo data, idempotent: accounts that already exist are left untouched, so
 * running it at every start is safe and keeps changes made through the app.
 */
export async function seed(db: Db, clock: Clock = systemClock): Promise<void> {
  const now = clock.now();
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1::text[])', [
    `{${DEMO_ACCOUNTS.map((a) => a.email).join(',')}}`,
  ]);
  const existing = new Set(rows.map((r) => r.email));
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.has(a.email));
  // Hash outside the transaction: scrypt is slow and PGlite has one connection.
  const hashes = new Map(
    await Promise.all(missing.map(async (a) => [a.email, await hashPassword(a.password)] as const)),
  );

  await db.transaction(async (tx) => {
    // Accounts in list order: the reseller exists before its customer.
    for (const account of missing) {
      const hash = hashes.get(account.email);
      if (hash) await insertAccount(tx, account, hash, now);
    }
    await tx.query(
      `INSERT INTO business_settings (domain, name, button_color, secondary_color, text_color, heading_color, show_training_center, crms, updated_at)
       VALUES ($1, 'Leadsmith', $2, $3, $4, $4, true, $5::jsonb, $6)
       ON CONFLICT (domain) DO NOTHING`,
      [
        DEFAULT_DOMAIN,
        DEFAULT_COLORS.primary,
        DEFAULT_COLORS.secondary,
        DEFAULT_COLORS.primaryText,
        JSON.stringify(['ghl', 'keap', 'zapier', 'groove', 'sales_connector']),
        now,
      ],
    );
  });
}
