import type { FastifyInstance } from 'fastify';
import { relatedRoleRefusal } from '../../users/roles';
import { hashPassword } from '../../auth/passwords';
import { issueToken, revokeAllTokens } from '../../auth/tokens';
import { isoDate } from '../../clock';
import { isUniqueViolation, type Db, type Queryable, type SqlParam } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Page, pageOf, Type } from '../../http/contract';
import { ApiError, unprocessable } from '../../http/errors';
import type { MessageCode } from '../../i18n/messages';
import { emailSchema, langSchema, nameSchema, passwordSchema } from '../../http/schemas';
import { loadUserDto, MODULE_SLUGS, normaliseEmail, UserSchema, type ModuleSlug } from '../../users/users';
import { say } from '../../routes/respond';
import { adminOnly, changes, idParamsSchema, notFound, pageQueryProperties, writeAudit } from './common';
import {
  AdminUserSchema,
  insertAdminUser,
  LAST_LOGIN_BUCKETS,
  listAdminUsers,
  loadAdminUser,
  referenceExists,
  revokeApiKeys,
  ROLES,
  setUserModules,
  SUBSCRIPTION_STATUSES,
  updateAdminUser,
  USER_TYPES,
  type AdminUserDto,
  type AdminUserFilters,
} from './users.repository';

/** The answer of every change to a user: the toast and the user as it is now. */
const SavedUser = Type.Object({ ...MessageProperties, user: AdminUserSchema });

/** The audited picture of a user: the editable fields, no timestamps of bookkeeping. */
function auditView(u: AdminUserDto): Record<string, unknown> {
  const {
    id: _id,
    created_at: _c,
    last_login_at: _l,
    parent_email: _p,
    children_count: _n,
    plan_name: _pn,
    held_modules: _h,
    ...rest
  } = u;
  void _h;
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
  modules: {
    type: 'array',
    items: { type: 'string', enum: MODULE_SLUGS },
    uniqueItems: true,
    maxItems: MODULE_SLUGS.length,
  },
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

const blankToNull = (value: string | null | undefined): string | null | undefined =>
  typeof value === 'string' && value.trim() === '' ? null : value?.trim();
/** Text columns that hold '' rather than NULL when left blank (NOT NULL DEFAULT '' in the schema). */
const NOT_NULL_TEXT = new Set(['first_name', 'last_name']);
/** A column's value as stored: text trimmed, blank text NULL except where the column forbids it. */
const stored = (col: string, value: unknown): SqlParam =>
  typeof value === 'string'
    ? NOT_NULL_TEXT.has(col)
      ? value.trim()
      : (blankToNull(value) ?? null)
    : (value as SqlParam);

/** The body's columns in stored form (those it sends). */
const storedColumns = (body: Editable): Record<string, SqlParam> =>
  Object.fromEntries(COLUMNS.filter((col) => body[col] !== undefined).map((col) => [col, stored(col, body[col])]));

/** Rules JSON schema cannot check: parent exists (and is not the user), partner and plan exist. */
async function checkReferences(tx: Queryable, body: Editable, selfId: number | null): Promise<void> {
  if (body.parent_id != null && (body.parent_id === selfId || !(await referenceExists(tx, 'parent', body.parent_id))))
    throw unprocessable('admin.parent_invalid', 'parent_id');
  if (body.referral_partner_id != null && !(await referenceExists(tx, 'partner', body.referral_partner_id)))
    throw unprocessable('admin.partner_invalid', 'referral_partner_id');
  if (body.plan_id != null && !(await referenceExists(tx, 'plan', body.plan_id)))
    throw unprocessable('admin.plan_invalid', 'plan_id');
}

/** The role rules on the account as the change leaves it (ADR 052); a refusal rolls the change back. */
function assertRoleRules(user: AdminUserDto): void {
  const refusal = relatedRoleRefusal(user);
  if (refusal) throw refusal;
}

/** One audited change of a user's row: what it changes, and the audit's before/after (absent: no audit row). */
interface UserChange {
  action: string;
  /** Throws (404, 422) when the change does not apply to the user as it is. */
  check: (before: AdminUserDto) => void;
  apply: (
    tx: Queryable,
    before: AdminUserDto,
  ) => Promise<{ before?: Record<string, unknown>; after?: Record<string, unknown> } | void>;
}

/**
 * Lock → check → change → audit, in one transaction: every one-click action on a user (and the edit) goes
 * through here, so none can skip the lock or the audit row. Answers the user as it is afterwards.
 */
export async function changeUser(
  db: Db,
  { userId, actorId, now }: { userId: number; actorId: number; now: Date },
  change: UserChange,
): Promise<AdminUserDto> {
  return db.transaction(async (tx) => {
    const before = await loadAdminUser(tx, userId, true);
    if (!before) throw notFound();
    change.check(before);
    const audit = await change.apply(tx, before);
    if (audit)
      await writeAudit(tx, {
        actorId,
        action: change.action,
        entity: 'user',
        entityId: userId,
        before: audit.before ?? null,
        after: audit.after ?? null,
        at: now,
      });
    return (await loadAdminUser(tx, userId))!;
  });
}

const live = (before: AdminUserDto) => {
  if (before.deleted_at) throw notFound();
};

export function adminUserRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const guard = adminOnly(api);
  const emailTaken = () => new ApiError(422, 'email_taken', { field: 'email' });
  const userSchema = (summary: string) => ({ summary, params: idParamsSchema, response: { 200: SavedUser } });

  api.get<{ Querystring: AdminUserFilters }>(
    '/api/admin/users',
    {
      ...guard,
      schema: {
        summary: 'List users (search, filters, paginated)',
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
        response: { 200: Page(AdminUserSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await listAdminUsers(db, request.query, clock.now());
      return pageOf(rows, request.query, total);
    },
  );

  api.get<{ Params: { id: number } }>(
    '/api/admin/users/:id',
    { ...guard, schema: { summary: 'One user', params: idParamsSchema, response: { 200: AdminUserSchema } } },
    async (request) => {
      const user = await loadAdminUser(db, request.params.id);
      if (!user) throw notFound();
      return user;
    },
  );

  api.post<{ Body: Editable & { email: string; password: string; first_name: string } }>(
    '/api/admin/users',
    {
      ...guard,
      schema: {
        summary: 'Create a user (audited)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { ...editableProperties, password: passwordSchema },
          required: ['email', 'password', 'first_name', 'modules'],
        },
        response: { 201: SavedUser },
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
          const columns = {
            password_hash: passwordHash,
            email_verified_at: now,
            created_at: now,
            updated_at: now,
            last_reset_date: isoDate(now),
            ...storedColumns(body),
          };
          const id = await insertAdminUser(tx, columns, body.modules ?? [], now);
          const created = (await loadAdminUser(tx, id))!;
          assertRoleRules(created);
          await writeAudit(tx, {
            actorId: actor.id,
            action: 'create',
            entity: 'user',
            entityId: id,
            after: auditView(created),
            at: now,
          });
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
      schema: {
        ...userSchema('Change a user (audited)'),
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { ...editableProperties, password: passwordSchema },
          minProperties: 1,
        },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const id = request.params.id;
      const body = { ...request.body, ...(request.body.email ? { email: normaliseEmail(request.body.email) } : {}) };
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const now = clock.now();
      try {
        const user = await changeUser(
          db,
          { userId: id, actorId: actor.id, now },
          {
            action: 'update',
            check: live,
            apply: async (tx, before) => {
              await checkReferences(tx, body, id);
              const columns: Record<string, SqlParam> = storedColumns(body);
              if (passwordHash) columns.password_hash = passwordHash;
              // A reset date set by hand starts a new monthly series from it.
              if (body.last_reset_date !== undefined) columns.limit_reset_anchor = null;
              await updateAdminUser(tx, id, columns, now);
              if (body.modules) await setUserModules(tx, id, body.modules);
              const after = (await loadAdminUser(tx, id))!;
              assertRoleRules(after);
              const diff = changes(auditView(before), auditView(after));
              if (!diff && !passwordHash) return;
              return {
                before: diff?.before ?? {},
                after: { ...(diff?.after ?? {}), ...(passwordHash ? { password: '(changed)' } : {}) },
              };
            },
          },
        );
        return { ...say(request, 'admin.user_updated'), user };
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },
  );

  /** A one-click action: the route, its change, and the toast it answers with. */
  const action = (
    method: 'post' | 'delete',
    url: string,
    summary: string,
    done: MessageCode,
    change: (actorId: number, now: Date) => UserChange,
  ) =>
    api[method]<{ Params: { id: number } }>(url, { ...guard, schema: userSchema(summary) }, async (request) => {
      const actor = currentUser(request);
      const now = clock.now();
      const user = await changeUser(db, { userId: request.params.id, actorId: actor.id, now }, change(actor.id, now));
      return { ...say(request, done), user };
    });

  /** Soft delete: the row and its data stay; sign-in stops until it is restored; its tokens and API keys are revoked for good. */
  action(
    'delete',
    '/api/admin/users/:id',
    'Delete a user (soft: restorable; tokens and API keys revoked)',
    'admin.user_deleted',
    (actorId, now) => ({
      action: 'delete',
      check: (before) => {
        if (before.id === actorId) throw unprocessable('admin.cannot_delete_self');
        if (before.deleted_at) throw unprocessable('admin.user_deleted_already');
      },
      apply: async (tx, before) => {
        await updateAdminUser(tx, before.id, { deleted_at: now }, now);
        // For good: a restore brings the account back, never a token or key issued before the deletion.
        await revokeAllTokens(tx, before.id, now);
        await revokeApiKeys(tx, before.id, now);
        return { before: { deleted_at: null }, after: { deleted_at: now.toISOString() } };
      },
    }),
  );

  action('post', '/api/admin/users/:id/restore', 'Restore a deleted user', 'admin.user_restored', (_actorId, now) => ({
    action: 'restore',
    check: (before) => {
      if (!before.deleted_at) throw unprocessable('admin.user_not_deleted');
    },
    apply: async (tx, before) => {
      await updateAdminUser(tx, before.id, { deleted_at: null }, now);
      return { before: { deleted_at: before.deleted_at }, after: { deleted_at: null } };
    },
  }));

  /** Starts the month's searches over: used and unused limits to zero, last reset date today. */
  action(
    'post',
    '/api/admin/users/:id/reset-limits',
    "Start the user's month of searches over",
    'admin.limits_reset',
    (_actorId, now) => ({
      action: 'reset_limits',
      check: (before) => {
        live(before);
        if (before.searches_used === 0 && before.unused_limits === 0) throw unprocessable('admin.no_limits_unused');
      },
      apply: async (tx, before) => {
        const after = { searches_used: 0, unused_limits: 0, last_reset_date: isoDate(now) };
        await updateAdminUser(tx, before.id, after, now);
        return {
          before: {
            searches_used: before.searches_used,
            unused_limits: before.unused_limits,
            last_reset_date: before.last_reset_date,
          },
          after,
        };
      },
    }),
  );

  action(
    'post',
    '/api/admin/users/:id/remove-additional-requests',
    "Remove the user's additional searches",
    'admin.additional_requests_removed',
    (_actorId, now) => ({
      action: 'remove_additional_requests',
      check: (before) => {
        live(before);
        if (before.additional_query_count === 0) throw unprocessable('admin.no_additional_requests');
      },
      apply: async (tx, before) => {
        await updateAdminUser(tx, before.id, { additional_query_count: 0 }, now);
        return {
          before: { additional_query_count: before.additional_query_count },
          after: { additional_query_count: 0 },
        };
      },
    }),
  );

  /**
   * Log in as the user: a token of theirs, audited. The admin's own token stays valid;
   * the client keeps it (archived_user) and goes back to it by logging the user's token out.
   */
  api.post<{ Params: { id: number } }>(
    '/api/admin/users/:id/impersonate',
    {
      ...guard,
      schema: {
        summary: 'Sign in as the user for an hour (audited)',
        params: idParamsSchema,
        response: {
          200: Type.Object({
            ...MessageProperties,
            token: Type.String(),
            token_type: Type.Literal('Bearer'),
            expires_at: Type.String({ format: 'date-time' }),
            user: UserSchema,
          }),
        },
      },
    },
    async (request) => {
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
        if (target.user_type === 'super_admin' || target.role === 'admin' || target.modules.includes('admin'))
          throw new ApiError(403, 'admin.cannot_impersonate_admin');
        await writeAudit(tx, {
          actorId: realActorId,
          action: 'impersonate',
          entity: 'user',
          entityId: id,
          before: null,
          after: { by: actor.email },
          at: now,
        });
        // A short-lived token: an hour is plenty to look around as the user.
        return issueToken(tx, id, now, Math.min(1, config.tokenTtlHours), realActorId);
      });
      const user = await loadUserDto(db, id, config.chatWidgetSecret, clock.now());
      if (!user) throw notFound();
      const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
      return {
        ...say(request, 'admin.impersonation_started', { name }),
        token: issued.token,
        token_type: 'Bearer' as const,
        expires_at: issued.expiresAt.toISOString(),
        user,
      };
    },
  );
}
