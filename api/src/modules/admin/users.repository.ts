/** The SQL of the admin's users: the user as the admin sees it, the list, and the writes of the user forms and actions. */
import type { Queryable, SqlParam } from '../../db';
import type { PageQueryOf } from '../../http/contract';
import type { ModuleSlug } from '../../users/users';
import { Params } from './common';
import type { AdminUserDto, LastLoginBucket } from './users.schemas';
import { containing } from '../../db/like';
import { isoString } from '../../http/contract';

const DAY_MS = 24 * 3600_000;

interface UserRow extends Omit<AdminUserDto, 'created_at' | 'deleted_at' | 'last_login_at' | 'license_expires_at'> {
  created_at: Date;
  deleted_at: Date | null;
  last_login_at: Date | null;
  license_expires_at: Date | null;
}

const SELECT_USER = `SELECT u.id, u.email, u.first_name, u.last_name, u.role, u.user_type,
    COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM user_modules um JOIN modules m ON m.id = um.module_id WHERE um.user_id = u.id), '[]'::json) AS modules,
    COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM user_held_modules hm JOIN modules m ON m.id = hm.module_id WHERE hm.user_id = u.id), '[]'::json) AS held_modules,
    u.created_at, u.deleted_at, u.last_login_at, u.license_expires_at, u.subscription_id, u.subscription_status,
    u.parent_id, (SELECT p.email FROM users p WHERE p.id = u.parent_id) AS parent_email,
    (SELECT count(*)::int FROM users c WHERE c.parent_id = u.id AND c.deleted_at IS NULL) AS children_count,
    u.sub_account_limit, u.referral_partner_id, u.search_limit, u.searches_used, u.unused_limits, u.additional_query_count,
    u.last_reset_date, u.payment_product_id, u.crm_plan_id, u.plan_id, (SELECT pl.name FROM admin_plans pl WHERE pl.id = u.plan_id) AS plan_name,
    u.can_create_related_accounts, u.lang
  FROM users u`;

function toDto(row: UserRow): AdminUserDto {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    deleted_at: isoString(row.deleted_at),
    last_login_at: isoString(row.last_login_at),
    license_expires_at: isoString(row.license_expires_at),
  };
}

/** The user as the admin sees it; `lock` holds the row for the caller's transaction. */
export async function loadAdminUser(q: Queryable, id: number, lock = false): Promise<AdminUserDto | null> {
  const { rows } = await q.query<UserRow>(`${SELECT_USER} WHERE u.id = $1${lock ? ' FOR UPDATE OF u' : ''}`, [id]);
  return rows[0] ? toDto(rows[0]) : null;
}

export interface AdminUserFilters extends PageQueryOf {
  search?: string;
  status: 'active' | 'deleted' | 'all';
  user_type?: AdminUserDto['user_type'];
  module?: ModuleSlug;
  last_login?: LastLoginBucket;
}

/** One page of users matching the filters (newest first) and how many match in all. */
export async function listAdminUsers(
  q: Queryable,
  f: AdminUserFilters,
  now: Date,
): Promise<{ rows: AdminUserDto[]; total: number }> {
  const p = new Params();
  const where: string[] = [];
  if (f.status === 'active') where.push('u.deleted_at IS NULL');
  if (f.status === 'deleted') where.push('u.deleted_at IS NOT NULL');
  const search = f.search?.trim();
  if (search) {
    const like = p.add(containing(search));
    where.push(`(u.email ILIKE ${like} OR (u.first_name || ' ' || u.last_name) ILIKE ${like})`);
  }
  if (f.user_type) where.push(`u.user_type = ${p.add(f.user_type)}`);
  if (f.module)
    where.push(
      `EXISTS (SELECT 1 FROM user_held_modules um JOIN modules m ON m.id = um.module_id WHERE um.user_id = u.id AND m.slug = ${p.add(f.module)})`,
    );
  if (f.last_login) {
    if (f.last_login === 'never') where.push('u.last_login_at IS NULL');
    else if (f.last_login === 'over_90')
      where.push(`u.last_login_at < ${p.add(new Date(now.getTime() - 90 * DAY_MS))}`);
    else where.push(`u.last_login_at >= ${p.add(new Date(now.getTime() - Number(f.last_login) * DAY_MS))}`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total =
    (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${whereSql}`, p.values)).rows[0]?.n ?? 0;
  const { rows } = await q.query<UserRow>(`${SELECT_USER} ${whereSql} ORDER BY u.id DESC ${p.page(f)}`, p.values);
  return { rows: rows.map(toDto), total };
}

/** Inserts a user with the given columns (already stored-form values), its wallet and modules; answers the id. */
export async function insertAdminUser(
  tx: Queryable,
  columns: Record<string, SqlParam>,
  modules: readonly ModuleSlug[],
  now: Date,
): Promise<number> {
  const p = new Params();
  const names = Object.keys(columns);
  const values = names.map((name) => p.add(columns[name] as SqlParam));
  const id = (
    await tx.query<{ id: number }>(
      `INSERT INTO users (${names.join(', ')}) VALUES (${values.join(', ')}) RETURNING id`,
      p.values,
    )
  ).rows[0]!.id;
  await setUserModules(tx, id, modules);
  await tx.query('INSERT INTO credit_wallets (user_id, updated_at) VALUES ($1, $2)', [id, now]);
  return id;
}

/** `UPDATE users SET …` for the given columns (values in stored form) and updated_at. */
export async function updateAdminUser(
  tx: Queryable,
  id: number,
  columns: Record<string, SqlParam>,
  now: Date,
): Promise<void> {
  const p = new Params();
  const sets = [`updated_at = ${p.add(now)}`];
  for (const [name, value] of Object.entries(columns)) sets.push(`${name} = ${p.add(value)}`);
  await tx.query(`UPDATE users SET ${sets.join(', ')} WHERE id = ${p.add(id)}`, p.values);
}

export async function setUserModules(tx: Queryable, userId: number, modules: readonly ModuleSlug[]): Promise<void> {
  await tx.query('DELETE FROM user_modules WHERE user_id = $1', [userId]);
  for (const slug of modules) {
    await tx.query('INSERT INTO user_modules (user_id, module_id) SELECT $1, id FROM modules WHERE slug = $2', [
      userId,
      slug,
    ]);
  }
}

/** Does the row exist: a live user (parent), a referral partner, a plan. */
export async function referenceExists(q: Queryable, kind: 'parent' | 'partner' | 'plan', id: number): Promise<boolean> {
  const sql = {
    parent: 'SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL',
    partner: 'SELECT 1 FROM admin_partners WHERE id = $1',
    plan: 'SELECT 1 FROM admin_plans WHERE id = $1',
  }[kind];
  return (await q.query(sql, [id])).rowCount > 0;
}

/** Revokes every API key of the user that is still live. */
export async function revokeApiKeys(tx: Queryable, userId: number, now: Date): Promise<void> {
  await tx.query('UPDATE settings_api_keys SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
    now,
  ]);
}
