/**
 * The rules of the admin's users: create and edit (references, role rules, audit of what changed), the one-click
 * actions (delete, restore, reset limits, remove additional searches) and impersonation. Every change of an
 * existing user goes through changeUser: lock → check → change → audit, in one transaction.
 */
import { hashPassword } from '../../auth/passwords';
import { issueToken, revokeAllTokens } from '../../auth/tokens';
import { isoDate, type Clock } from '../../clock';
import { isUniqueViolation, type Db, type Queryable, type SqlParam } from '../../db';
import { ApiError, unprocessable } from '../../http/errors';
import { relatedRoleRefusal } from '../../users/roles';
import { normaliseEmail } from '../../users/users';
import { writeAudit } from './audit.repository';
import { changes, notFound } from './common';
import {
  insertAdminUser,
  loadAdminUser,
  referenceExists,
  revokeApiKeys,
  setUserModules,
  updateAdminUser,
} from './users.repository';
import type { AdminUserDto, Editable } from './users.schemas';

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
async function changeUser(
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

/** Who acts, on which user, when. */
interface UserContext {
  userId: number;
  actorId: number;
  now: Date;
}

const emailTaken = () => new ApiError(422, 'email_taken', { field: 'email' });

/** A second user with the email is refused on its email field (422 email_taken). */
async function uniqueEmail<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Creates a user (verified, its month of searches starting today), its wallet and modules; audited. */
export async function createUser(
  db: Db,
  clock: Clock,
  actorId: number,
  input: Editable & { email: string; password: string; first_name: string },
): Promise<AdminUserDto> {
  const body = { ...input, email: normaliseEmail(input.email) };
  const passwordHash = await hashPassword(body.password);
  const now = clock.now();
  return uniqueEmail(() =>
    db.transaction(async (tx) => {
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
        actorId,
        action: 'create',
        entity: 'user',
        entityId: id,
        after: auditView(created),
        at: now,
      });
      return created;
    }),
  );
}

/** Changes a live user's fields, modules or password; the audit row names what changed (a password only as changed). */
export async function updateUser(
  db: Db,
  clock: Clock,
  { userId: id, actorId }: { userId: number; actorId: number },
  input: Editable,
): Promise<AdminUserDto> {
  const body = { ...input, ...(input.email ? { email: normaliseEmail(input.email) } : {}) };
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const ctx = { userId: id, actorId, now: clock.now() };
  return uniqueEmail(() =>
    changeUser(db, ctx, {
      action: 'update',
      check: live,
      apply: async (tx, before) => {
        await checkReferences(tx, body, id);
        const columns: Record<string, SqlParam> = storedColumns(body);
        if (passwordHash) columns.password_hash = passwordHash;
        // A reset date set by hand starts a new monthly series from it.
        if (body.last_reset_date !== undefined) columns.limit_reset_anchor = null;
        await updateAdminUser(tx, id, columns, ctx.now);
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
    }),
  );
}

/** Soft delete: the row and its data stay; sign-in stops until it is restored; its tokens and API keys are revoked for good. */
export const deleteUser = (db: Db, ctx: UserContext): Promise<AdminUserDto> =>
  changeUser(db, ctx, {
    action: 'delete',
    check: (before) => {
      if (before.id === ctx.actorId) throw unprocessable('admin.cannot_delete_self');
      if (before.deleted_at) throw unprocessable('admin.user_deleted_already');
    },
    apply: async (tx, before) => {
      await updateAdminUser(tx, before.id, { deleted_at: ctx.now }, ctx.now);
      // For good: a restore brings the account back, never a token or key issued before the deletion.
      await revokeAllTokens(tx, before.id, ctx.now);
      await revokeApiKeys(tx, before.id, ctx.now);
      return { before: { deleted_at: null }, after: { deleted_at: ctx.now.toISOString() } };
    },
  });

export const restoreUser = (db: Db, ctx: UserContext): Promise<AdminUserDto> =>
  changeUser(db, ctx, {
    action: 'restore',
    check: (before) => {
      if (!before.deleted_at) throw unprocessable('admin.user_not_deleted');
    },
    apply: async (tx, before) => {
      await updateAdminUser(tx, before.id, { deleted_at: null }, ctx.now);
      return { before: { deleted_at: before.deleted_at }, after: { deleted_at: null } };
    },
  });

/** Starts the month's searches over: used and unused limits to zero, last reset date today. */
export const resetLimits = (db: Db, ctx: UserContext): Promise<AdminUserDto> =>
  changeUser(db, ctx, {
    action: 'reset_limits',
    check: (before) => {
      live(before);
      if (before.searches_used === 0 && before.unused_limits === 0) throw unprocessable('admin.no_limits_unused');
    },
    apply: async (tx, before) => {
      const after = { searches_used: 0, unused_limits: 0, last_reset_date: isoDate(ctx.now) };
      await updateAdminUser(tx, before.id, after, ctx.now);
      return {
        before: {
          searches_used: before.searches_used,
          unused_limits: before.unused_limits,
          last_reset_date: before.last_reset_date,
        },
        after,
      };
    },
  });

export const removeAdditionalRequests = (db: Db, ctx: UserContext): Promise<AdminUserDto> =>
  changeUser(db, ctx, {
    action: 'remove_additional_requests',
    check: (before) => {
      live(before);
      if (before.additional_query_count === 0) throw unprocessable('admin.no_additional_requests');
    },
    apply: async (tx, before) => {
      await updateAdminUser(tx, before.id, { additional_query_count: 0 }, ctx.now);
      return {
        before: { additional_query_count: before.additional_query_count },
        after: { additional_query_count: 0 },
      };
    },
  });

/**
 * Log in as the user: a token of theirs (at most an hour), audited under the admin really acting. Never oneself,
 * never a deleted user (404), never an admin (403: a super admin's powers are not lent).
 */
export async function impersonate(
  db: Db,
  {
    userId,
    actorId,
    realActorId,
    actorEmail,
    now,
    tokenTtlHours,
  }: UserContext & { realActorId: number; actorEmail: string; tokenTtlHours: number },
) {
  if (userId === actorId || userId === realActorId) throw unprocessable('admin.cannot_impersonate_self');
  return db.transaction(async (tx) => {
    const target = await loadAdminUser(tx, userId);
    if (!target || target.deleted_at) throw notFound();
    // A super admin's powers are not lent: no admin may act as another one.
    if (target.user_type === 'super_admin' || target.role === 'admin' || target.modules.includes('admin'))
      throw new ApiError(403, 'admin.cannot_impersonate_admin');
    await writeAudit(tx, {
      actorId: realActorId,
      action: 'impersonate',
      entity: 'user',
      entityId: userId,
      before: null,
      after: { by: actorEmail },
      at: now,
    });
    // A short-lived token: an hour is plenty to look around as the user.
    return issueToken(tx, userId, now, Math.min(1, tokenTtlHours), realActorId);
  });
}
