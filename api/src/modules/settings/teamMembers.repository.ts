import type { Queryable } from '../../db';
import type { Language } from '../../i18n/messages';
import type { ModuleSlug } from '../../users/users';
import type { PageWindow } from '../../http/contract';

export interface MemberRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  access: ModuleSlug[];
  created_at: string | Date;
  last_login_at: string | Date | null;
}

const MEMBER_SELECT = `SELECT u.id, u.first_name, u.last_name, u.email, u.created_at, u.last_login_at,
       COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM user_modules um JOIN modules m ON m.id = um.module_id WHERE um.user_id = u.id), '[]'::json) AS access
  FROM users u`;

/** The modules the user holds, in order. */
export async function heldModules(q: Queryable, userId: number): Promise<ModuleSlug[]> {
  const { rows } = await q.query<{ slug: ModuleSlug }>(
    'SELECT m.slug FROM user_held_modules um JOIN modules m ON m.id = um.module_id WHERE um.user_id = $1 ORDER BY m.id',
    [userId],
  );
  return rows.map((r) => r.slug);
}

/** Replaces the member's modules with `access`. */
export async function setMemberAccess(q: Queryable, memberId: number, access: readonly ModuleSlug[]): Promise<void> {
  await q.query('DELETE FROM user_modules WHERE user_id = $1', [memberId]);
  for (const slug of access)
    await q.query('INSERT INTO user_modules (user_id, module_id) SELECT $1, id FROM modules WHERE slug = $2', [
      memberId,
      slug,
    ]);
}

export async function teamOwnerIdOf(db: Queryable, userId: number): Promise<number | null | undefined> {
  const { rows } = await db.query<{ team_owner_id: number | null }>('SELECT team_owner_id FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]?.team_owner_id;
}

export async function listMembers(db: Queryable, ownerId: number, { limit, offset }: PageWindow): Promise<MemberRow[]> {
  const { rows } = await db.query<MemberRow>(
    `${MEMBER_SELECT} WHERE u.team_owner_id = $1 AND u.deleted_at IS NULL ORDER BY u.id DESC LIMIT $2 OFFSET $3`,
    [ownerId, limit, offset],
  );
  return rows;
}

export async function countMembers(db: Queryable, ownerId: number): Promise<number> {
  const count = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM users WHERE team_owner_id = $1 AND deleted_at IS NULL',
    [ownerId],
  );
  return count.rows[0]?.total ?? 0;
}

export async function nameOf(
  db: Queryable,
  userId: number,
): Promise<{ first_name: string; last_name: string } | undefined> {
  const { rows } = await db.query<{ first_name: string; last_name: string }>(
    'SELECT first_name, last_name FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

/** A new team member of `ownerId`, email verified; throws the driver's unique violation when the email is taken. */
export async function insertMember(
  tx: Queryable,
  member: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    ownerId: number;
    lang: Language;
  },
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, team_owner_id, email_verified_at, lang, search_limit, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'user', 'team_member', $5, $6, $7, 0, $6, $6) RETURNING id`,
    [member.email, member.passwordHash, member.firstName, member.lastName, member.ownerId, now, member.lang],
  );
  return rows[0]!.id;
}

export async function memberOf(q: Queryable, id: number): Promise<MemberRow> {
  return (await q.query<MemberRow>(`${MEMBER_SELECT} WHERE u.id = $1`, [id])).rows[0]!;
}

/** Whether the owner has that (not deleted) member, now renamed. */
export async function renameMember(
  tx: Queryable,
  id: number,
  ownerId: number,
  name: { firstName: string; lastName: string },
  now: Date,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    'UPDATE users SET first_name = $3, last_name = $4, updated_at = $5 WHERE id = $1 AND team_owner_id = $2 AND deleted_at IS NULL',
    [id, ownerId, name.firstName, name.lastName, now],
  );
  return rowCount > 0;
}

/** Whether the owner had that team member (it is gone now). */
export async function deleteMember(db: Queryable, id: number, ownerId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    "DELETE FROM users WHERE id = $1 AND team_owner_id = $2 AND user_type = 'team_member'",
    [id, ownerId],
  );
  return rowCount > 0;
}
