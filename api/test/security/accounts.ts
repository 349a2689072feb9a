import { issueToken } from '../../src/auth/tokens';
import type { TestContext } from '../helpers';

export interface Account {
  id: number;
  headers: Record<string, string>;
}

/**
 * Inserts a verified account and gives it a token (no scrypt, no sign-in
 * throttle): tests need many accounts quickly.
 */
export async function makeAccount(
  ctx: TestContext,
  args: {
    email: string;
    userType: 'reseller' | 'customer' | 'team_member';
    modules: string[];
    parentId?: number | null;
    teamOwnerId?: number | null;
    wallet?: number;
  },
): Promise<Account> {
  const now = ctx.clock.now();
  const { rows } = await ctx.db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, parent_id, team_owner_id, email_verified_at, created_at, updated_at,
                        license_expires_at, subscription_status, last_reset_date, search_limit, searches_used, can_create_related_accounts)
     VALUES ($1, 'scrypt$invalid', 'Test', 'Account', 'user', $2, $3, $4, $5, $5, $5, $6, 'active', $7, 1000, 0, $8) RETURNING id`,
    [
      args.email,
      args.userType,
      args.parentId ?? null,
      args.teamOwnerId ?? null,
      now,
      new Date(now.getTime() + 365 * 86_400_000),
      now.toISOString().slice(0, 10),
      args.userType === 'reseller',
    ],
  );
  const id = rows[0]!.id;
  for (const slug of args.modules)
    await ctx.db.query('INSERT INTO user_modules (user_id, module_id) SELECT $1, id FROM modules WHERE slug = $2', [
      id,
      slug,
    ]);
  const credits = args.wallet ?? 0;
  await ctx.db.query('INSERT INTO credit_wallets (user_id, monthly, updated_at) VALUES ($1, $2, $3)', [
    id,
    credits,
    now,
  ]);
  if (credits > 0)
    await ctx.db.query(
      "INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at) VALUES ($1, $2, 'monthly', 'Monthly plan credits', $3)",
      [id, credits, now],
    );
  const { token } = await issueToken(ctx.db, id, now, 24);
  await markUsed(ctx);
  return { id, headers: { authorization: `Bearer ${token}` } };
}

/** Sets last_used_at of fresh tokens, so the first request writes nothing (tests watch for writes). */
async function markUsed(ctx: TestContext): Promise<void> {
  await ctx.db.query('UPDATE auth_tokens SET last_used_at = $1 WHERE last_used_at IS NULL', [ctx.clock.now()]);
}

export async function userIdByEmail(ctx: TestContext, email: string): Promise<number> {
  const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return rows[0]!.id;
}

/** A token for an existing (seeded) account. */
export async function tokenFor(ctx: TestContext, email: string): Promise<Account> {
  const id = await userIdByEmail(ctx, email);
  const { token } = await issueToken(ctx.db, id, ctx.clock.now(), 24);
  await markUsed(ctx);
  return { id, headers: { authorization: `Bearer ${token}` } };
}
