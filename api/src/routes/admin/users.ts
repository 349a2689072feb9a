import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../auth/passwords';
import { issueToken, revokeAllTokens } from '../../auth/tokens';
import { isoDate } from '../../clock';
import { isUniqueViolation, type Queryable, type SqlParam } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import { emailSchema, langSchema, nameSchema, passwordSchema } from '../../http/schemas';
import { loadUserDto, MODULE_SLUGS, normaliseEmail, type ModuleSlug } from '../../users/users';
import { say } from '../respond';
import { adminOnly, changes, idParamsSchema, notFound, Params, pageQueryProperties, writeAudit, type Page, type PageQuery } from './common';

/** Admin last-login buckets, in days (spec §9 leaves the values open). */
export const LAST_LOGIN_BUCKETS = ['7', '30', '90', 'over_90', 'never'] as const;
export type LastLoginBucket = (typeof LAST_LOGIN_BUCKETS)[number];
const DAY_MS = 24 * 3600_000;

const USER_TYPES = ['super_admin', 'reseller', 'customer', 'team_member'] as const;
const ROLES = ['admin', 'related', 'user'] as const;
const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'trialing', 'past_due'] as const;

/** Everything an admin sees and edits of a user (no secrets). */
export interface AdminUserDto {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: (typeof ROLES)[number];
  user_type: (typeof USER_TYPES)[number];
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

interface UserRow extends Omit<AdminUserDto, 'created_at' | 'deleted_at' | 'last_login_at' | 'license_expires_at'> {
  created_at: Date;
  deleted_at: Date | null;
  last_login_at: Date | null;
  license_expires_at: Date | null;
}

const SELECT_USER = `SELECT u.id, u.email, u.first_name, u.last_name, u.role, u.user_type,
    COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM user_modules um JOIN modules m ON m.id = um.module_id WHERE um.user_id = u.id), '[]'::json) AS modules,
    u.created_at, u.deleted_at, u.last_login_at, u.license_expires_at, u.subscription_id, u.subscription_status,
    u.parent_id, (SELECT p.email FROM users p WHERE p.id = u.parent_id) AS parent_email,
    (SELECT count(*)::int FROM users c WHERE c.parent_id = u.id AND c.deleted_at IS NULL) AS children_count,
    u.sub_account_limit, u.referral_partner_id, u.search_limit, u.searches_used, u.unused_limits, u.additional_query_count,
    u.last_reset_date, u.payment_product_id, u.crm_plan_id, u.plan_id, (SELECT pl.name FROM admin_plans pl WHERE pl.id = u.plan_id) AS plan_name,
    u.can_create_related_accounts, u.lang
  FROM users u`;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function toDto(row: UserRow): AdminUserDto {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    deleted_at: iso(row.deleted_at),
    last_login_at: iso(row.last_login_at),
    license_expires_at: iso(row.license_expires_at),
  };
}

export async function loadAdminUser(q: Queryable, id: number, lock = false): Promise<AdminUserDto | null> {
  const { rows } = await q.query<UserRow>(`${SELECT_USER} WHERE u.id = $1${lock ? ' FOR UPDATE OF u' : ''}`, [id]);
  return rows[0] ? toDto(rows[0]) : null;
}

/** The audited picture of a user: the editable fields, no timestamps of bookkeeping. */
function auditView(u: AdminUserDto): Record<string, unknown> {
  const { id: _id, created_at: _c, last_login_at: _l, parent_email: _p, children_count: _n, plan_name: _pn, ...rest } = u;
  void _id;
  void _c;
  void _l;
  void _p;
  void _n;
  void _pn;
  return rest;
}

const nullableInt = (max = 1_000_000_000) => ({ type: ['integer', 'null'], minimum: 0, maximum: max });
const nullableId = { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647 };
const nullableText = { type: ['string', 'null'], maxLength: 200 };

const editableProperties = {
  email: emailSchema,
  first_name: nameSchema,
  last_name: { type: 'string', maxLength: 100 },
  role: { type: 'string', enum: ROLES },
  user_type: { type: 'string', enum: USER_TYPES },
  modules: { type: 'array', items: { type: 'string', enum: MODULE_SLUGS }, uniqueItems: true, maxItems: MODULE_SLUGS.length },
  lang: langSchema,
  license_expires_at: { type: ['string', 'null'], format: 'date', maxLength: 10 },
  subscription_id: nullableText,
  subscription_status: { type: ['string', 'null'], enum: [...SUBSCRIPTION_STATUSES, null] },
  parent_id: nullableId,
  sub_account_limit: nullableInt(100_000),
  referral_partner_id: nullableId,
  search_limit: nullableInt(),
  additional_query_count: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
  last_reset_date: { type: ['string', 'null'], format: 'date', maxLength: 10 },
  payment_product_id: nullableText,
  crm_plan_id: nullableText,
  plan_id: nullableId,
  can_create_related_accounts: { type: 'boolean' },
} as const;

type Editable = {
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

/** Columns written as-is from the body (modules and password are handled apart). */
const COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'role',
  'user_type',
  'lang',
  'license_expires_at',
  'subscription_id',
  'subscription_status',
  'parent_id',
  'sub_account_limit',
  'referral_partner_id',
  'search_limit',
  'additional_query_count',
  'last_reset_date',
  'payment_product_id',
  'crm_plan_id',
  'plan_id',
  'can_create_related_accounts',
] as const;

interface ListQuery extends PageQuery {
  search?: string;
  status: 'active' | 'deleted' | 'all';
  user_type?: AdminUserDto['user_type'];
  module?: ModuleSlug;
  last_login?: LastLoginBucket;
}

const blankToNull = (value: string | null | undefined): string | null | undefined => (typeof value === 'string' && value.trim() === '' ? null : value?.trim());
/** Text columns that hold '' rather than NULL when left blank (NOT NULL DEFAULT '' in the schema). */
const NOT_NULL_TEXT = new Set(['first_name', 'last_name']);
/** A column's value as stored: text trimmed, blank text NULL except where the column forbids it. */
const stored = (col: string, value: unknown): SqlParam =>
  typeof value === 'string' ? (NOT_NULL_TEXT.has(col) ? value.trim() : (blankToNull(value) ?? null)) : (value as SqlParam);

export function adminUserRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const guard = adminOnly(api);

  /** Rules JSON schema cannot check: parent exists (and is not the user), plan exists. */
  async function checkReferences(tx: Queryable, body: Editable, selfId: number | null): Promise<void> {
    if (body.parent_id != null) {
      const parent = await tx.query('SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL', [body.parent_id]);
      if (body.parent_id === selfId || parent.rowCount === 0) throw unprocessable('admin.parent_invalid', 'parent_id');
    }
    if (body.referral_partner_id != null) {
      const partner = await tx.query('SELECT 1 FROM admin_partners WHERE id = $1', [body.referral_partner_id]);
      if (partner.rowCount === 0) throw unprocessable('admin.partner_invalid', 'referral_partner_id');
    }
    if (body.plan_id != null) {
      const plan = await tx.query('SELECT 1 FROM admin_plans WHERE id = $1', [body.plan_id]);
      if (plan.rowCount === 0) throw unprocessable('admin.plan_invalid', 'plan_id');
    }
  }

  async function setModules(tx: Queryable, userId: number, modules: ModuleSlug[]): Promise<void> {
    await tx.query('DELETE FROM user_modules WHERE user_id = $1', [userId]);
    for (const slug of modules) {
      await tx.query('INSERT INTO user_modules (user_id, module_id) SELECT $1, id FROM modules WHERE slug = $2', [userId, slug]);
    }
  }

  const emailTaken = () => new ApiError(422, 'email_taken', { field: 'email' });

  api.get<{ Querystring: ListQuery }>(
    '/api/admin/users',
    {
      ...guard,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQueryProperties,
            search: { type: 'string', maxLength: 100 },
            status: { type: 'string', enum: ['active', 'deleted', 'all'], default: 'active' },
            user_type: { type: 'string', enum: USER_TYPES },
            module: { type: 'string', enum: MODULE_SLUGS },
            last_login: { type: 'string', enum: LAST_LOGIN_BUCKETS },
          },
        },
      },
    },
    async (request): Promise<Page<AdminUserDto>> => {
      const q = request.query;
      const p = new Params();
      const where: string[] = [];
      if (q.status === 'active') where.push('u.deleted_at IS NULL');
      if (q.status === 'deleted') where.push('u.deleted_at IS NOT NULL');
      const search = q.search?.trim();
      if (search) {
        const like = p.add(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(`(u.email ILIKE ${like} OR (u.first_name || ' ' || u.last_name) ILIKE ${like})`);
      }
      if (q.user_type) where.push(`u.user_type = ${p.add(q.user_type)}`);
      if (q.module) where.push(`EXISTS (SELECT 1 FROM user_modules um JOIN modules m ON m.id = um.module_id WHERE um.user_id = u.id AND m.slug = ${p.add(q.module)})`);
      if (q.last_login) {
        const now = clock.now().getTime();
        if (q.last_login === 'never') where.push('u.last_login_at IS NULL');
        else if (q.last_login === 'over_90') where.push(`u.last_login_at < ${p.add(new Date(now - 90 * DAY_MS))}`);
        else where.push(`u.last_login_at >= ${p.add(new Date(now - Number(q.last_login) * DAY_MS))}`);
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (await db.query<{ n: number }>(`SELECT count(*) AS n FROM users u ${whereSql}`, p.values)).rows[0]?.n ?? 0;
      const limit = p.add(q.page_size);
      const offset = p.add((q.page - 1) * q.page_size);
      const { rows } = await db.query<UserRow>(`${SELECT_USER} ${whereSql} ORDER BY u.id DESC LIMIT ${limit} OFFSET ${offset}`, p.values);
      return { items: rows.map(toDto), page: q.page, page_size: q.page_size, total: Number(total) };
    },
  );

  api.get<{ Params: { id: number } }>('/api/admin/users/:id', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    const user = await loadAdminUser(db, request.params.id);
    if (!user) throw notFound();
    return user;
  });

  api.post<{ Body: Editable & { email: string; password: string; first_name: string } }>(
    '/api/admin/users',
    {
      ...guard,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { ...editableProperties, password: passwordSchema },
          required: ['email', 'password', 'first_name', 'modules'],
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const body = { ...request.body, email: normaliseEmail(request.body.email) };
      const passwordHash = await hashPassword(body.password);
      const now = clock.now();
      try {
        const user = await db.transaction(async (tx) => {
          await checkReferences(tx, body, null);
          const p = new Params();
          const cols: string[] = ['password_hash', 'email_verified_at', 'created_at', 'updated_at'];
          const vals: string[] = [p.add(passwordHash), p.add(now), p.add(now), p.add(now)];
          for (const col of COLUMNS) {
            const value = body[col];
            if (value === undefined) continue;
            cols.push(col);
            vals.push(p.add(stored(col, value)));
          }
          if (body.last_reset_date === undefined) {
            cols.push('last_reset_date');
            vals.push(p.add(isoDate(now)));
          }
          const id = (await tx.query<{ id: number }>(`INSERT INTO users (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id`, p.values)).rows[0]!.id;
          await setModules(tx, id, body.modules ?? []);
          await tx.query('INSERT INTO credit_wallets (user_id, updated_at) VALUES ($1, $2)', [id, now]);
          const created = (await loadAdminUser(tx, id))!;
          await writeAudit(tx, { actorId: actor.id, action: 'create', entity: 'user', entityId: id, after: auditView(created), at: now });
          return created;
        });
        reply.code(201);
        return { ...say(request, 'admin.user_created'), user };
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },
  );

  api.put<{ Params: { id: number }; Body: Editable }>(
    '/api/admin/users/:id',
    {
      ...guard,
      schema: { params: idParamsSchema, body: { type: 'object', additionalProperties: false, properties: { ...editableProperties, password: passwordSchema }, minProperties: 1 } },
    },
    async (request) => {
      const actor = currentUser(request);
      const id = request.params.id;
      const body = { ...request.body, ...(request.body.email ? { email: normaliseEmail(request.body.email) } : {}) };
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const now = clock.now();
      try {
        const user = await db.transaction(async (tx) => {
          const before = await loadAdminUser(tx, id, true);
          if (!before || before.deleted_at) throw notFound();
          await checkReferences(tx, body, id);
          const p = new Params();
          const sets: string[] = [`updated_at = ${p.add(now)}`];
          for (const col of COLUMNS) {
            const value = body[col];
            if (value === undefined) continue;
            sets.push(`${col} = ${p.add(stored(col, value))}`);
          }
          if (passwordHash) sets.push(`password_hash = ${p.add(passwordHash)}`);
          // A reset date set by hand starts a new monthly series from it.
          if (body.last_reset_date !== undefined) sets.push('limit_reset_anchor = NULL');
          await tx.query(`UPDATE users SET ${sets.join(', ')} WHERE id = ${p.add(id)}`, p.values);
          if (body.modules) await setModules(tx, id, body.modules);
          const after = (await loadAdminUser(tx, id))!;
          const diff = changes(auditView(before), auditView(after));
          const passwordNote = passwordHash ? { password: '(changed)' } : {};
          if (diff || passwordHash) {
            await writeAudit(tx, {
              actorId: actor.id,
              action: 'update',
              entity: 'user',
              entityId: id,
              before: diff?.before ?? {},
              after: { ...(diff?.after ?? {}), ...passwordNote },
              at: now,
            });
          }
          return after;
        });
        return { ...say(request, 'admin.user_updated'), user };
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },
  );

  /** Soft delete: the row and its data stay; sign-in stops until it is restored; its tokens and API keys are revoked for good. */
  api.delete<{ Params: { id: number } }>('/api/admin/users/:id', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    const actor = currentUser(request);
    const id = request.params.id;
    if (id === actor.id) throw unprocessable('admin.cannot_delete_self');
    const now = clock.now();
    const user = await db.transaction(async (tx) => {
      const before = await loadAdminUser(tx, id, true);
      if (!before) throw notFound();
      if (before.deleted_at) throw unprocessable('admin.user_deleted_already');
      await tx.query('UPDATE users SET deleted_at = $2, updated_at = $2 WHERE id = $1', [id, now]);
      // For good: a restore brings the account back, never a token or key issued before the deletion.
      await revokeAllTokens(tx, id, now);
      await tx.query('UPDATE settings_api_keys SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [id, now]);
      await writeAudit(tx, { actorId: actor.id, action: 'delete', entity: 'user', entityId: id, before: { deleted_at: null }, after: { deleted_at: now.toISOString() }, at: now });
      return (await loadAdminUser(tx, id))!;
    });
    return { ...say(request, 'admin.user_deleted'), user };
  });

  api.post<{ Params: { id: number } }>('/api/admin/users/:id/restore', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    const actor = currentUser(request);
    const id = request.params.id;
    const now = clock.now();
    const user = await db.transaction(async (tx) => {
      const before = await loadAdminUser(tx, id, true);
      if (!before) throw notFound();
      if (!before.deleted_at) throw unprocessable('admin.user_not_deleted');
      await tx.query('UPDATE users SET deleted_at = NULL, updated_at = $2 WHERE id = $1', [id, now]);
      await writeAudit(tx, { actorId: actor.id, action: 'restore', entity: 'user', entityId: id, before: { deleted_at: before.deleted_at }, after: { deleted_at: null }, at: now });
      return (await loadAdminUser(tx, id))!;
    });
    return { ...say(request, 'admin.user_restored'), user };
  });

  /** Starts the month's searches over: used and unused limits to zero, last reset date today. */
  api.post<{ Params: { id: number } }>('/api/admin/users/:id/reset-limits', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    const actor = currentUser(request);
    const id = request.params.id;
    const now = clock.now();
    const user = await db.transaction(async (tx) => {
      const before = await loadAdminUser(tx, id, true);
      if (!before || before.deleted_at) throw notFound();
      if (before.searches_used === 0 && before.unused_limits === 0) throw unprocessable('admin.no_limits_unused');
      const today = isoDate(now);
      await tx.query('UPDATE users SET searches_used = 0, unused_limits = 0, last_reset_date = $2, updated_at = $3 WHERE id = $1', [id, today, now]);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'reset_limits',
        entity: 'user',
        entityId: id,
        before: { searches_used: before.searches_used, unused_limits: before.unused_limits, last_reset_date: before.last_reset_date },
        after: { searches_used: 0, unused_limits: 0, last_reset_date: today },
        at: now,
      });
      return (await loadAdminUser(tx, id))!;
    });
    return { ...say(request, 'admin.limits_reset'), user };
  });

  api.post<{ Params: { id: number } }>('/api/admin/users/:id/remove-additional-requests', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    const actor = currentUser(request);
    const id = request.params.id;
    const now = clock.now();
    const user = await db.transaction(async (tx) => {
      const before = await loadAdminUser(tx, id, true);
      if (!before || before.deleted_at) throw notFound();
      if (before.additional_query_count === 0) throw unprocessable('admin.no_additional_requests');
      await tx.query('UPDATE users SET additional_query_count = 0, updated_at = $2 WHERE id = $1', [id, now]);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'remove_additional_requests',
        entity: 'user',
        entityId: id,
        before: { additional_query_count: before.additional_query_count },
        after: { additional_query_count: 0 },
        at: now,
      });
      return (await loadAdminUser(tx, id))!;
    });
    return { ...say(request, 'admin.additional_requests_removed'), user };
  });

  /**
   * Log in as the user: a token of theirs, audited. The admin's own token stays valid;
   * the client keeps it (archived_user) and goes back to it by logging the user's token out.
   */
  api.post<{ Params: { id: number } }>('/api/admin/users/:id/impersonate', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    const actor = currentUser(request);
    // The admin really acting: an impersonation token cannot start another (routeAccess refuses it), but the audit never trusts that alone.
    const realActorId = actor.impersonatorId ?? actor.id;
    const id = request.params.id;
    if (id === actor.id || id === realActorId) throw unprocessable('admin.cannot_impersonate_self');
    const now = clock.now();
    const issued = await db.transaction(async (tx) => {
      const target = await loadAdminUser(tx, id);
      if (!target || target.deleted_at) throw notFound();
      // A super admin's powers are not lent: no admin may act as another one.
      if (target.user_type === 'super_admin' || target.role === 'admin' || target.modules.includes('admin')) throw new ApiError(403, 'admin.cannot_impersonate_admin');
      await writeAudit(tx, { actorId: realActorId, action: 'impersonate', entity: 'user', entityId: id, before: null, after: { by: actor.email }, at: now });
      // A short-lived token: an hour is plenty to look around as the user.
      return issueToken(tx, id, now, Math.min(1, config.tokenTtlHours), realActorId);
    });
    const user = await loadUserDto(db, id, config.chatWidgetSecret);
    if (!user) throw notFound();
    const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
    return { ...say(request, 'admin.impersonation_started', { name }), token: issued.token, token_type: 'Bearer', expires_at: issued.expiresAt.toISOString(), user };
  });
}
