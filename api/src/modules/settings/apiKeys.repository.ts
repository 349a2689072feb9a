import type { Queryable } from '../../db';
import type { Language } from '../../i18n/messages';
import type { ModuleSlug, Role, UserType } from '../../users/users';
import type { PageWindow } from '../../http/contract';

/** One API key as every answer shows it: never the key itself after creation. */
export interface ApiKeyRow {
  id: number;
  name: string;
  key_prefix: string;
  created_at: string | Date;
  last_used_at: string | Date | null;
  revoked_at: string | Date | null;
}

const COLUMNS = 'id, name, key_prefix, created_at, last_used_at, revoked_at';

export async function listApiKeys(db: Queryable, userId: number, { limit, offset }: PageWindow): Promise<ApiKeyRow[]> {
  const { rows } = await db.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM settings_api_keys WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return rows;
}

/** The user's keys, revoked ones included. */
export async function countApiKeys(db: Queryable, userId: number): Promise<number> {
  const count = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM settings_api_keys WHERE user_id = $1',
    [userId],
  );
  return count.rows[0]?.total ?? 0;
}

export async function insertApiKey(
  tx: Queryable,
  key: { userId: number; name: string; prefix: string; hash: string; at: Date },
): Promise<ApiKeyRow> {
  const { rows } = await tx.query<ApiKeyRow>(
    `INSERT INTO settings_api_keys (user_id, name, key_prefix, key_hash, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [key.userId, key.name, key.prefix, key.hash, key.at],
  );
  return rows[0]!;
}

/** Renames (name not null) and/or revokes a key of the user's; undefined when it has no such key. */
export async function updateApiKey(
  db: Queryable,
  id: number,
  userId: number,
  change: { name: string | null; revoke: boolean; at: Date },
): Promise<ApiKeyRow | undefined> {
  const { rows } = await db.query<ApiKeyRow>(
    `UPDATE settings_api_keys SET name = COALESCE($3, name), revoked_at = CASE WHEN $4::boolean THEN COALESCE(revoked_at, $5) ELSE revoked_at END
          WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, change.name, change.revoke, change.at],
  );
  return rows[0];
}

/** Whether the user had that key (it is gone now). */
export async function deleteApiKey(db: Queryable, id: number, userId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM settings_api_keys WHERE id = $1 AND user_id = $2', [id, userId]);
  return rowCount > 0;
}

/** The owner of an unrevoked key (by the key's hash), as a request signed in with it acts. */
export interface KeyOwnerRow {
  key_id: number;
  last_used_at: Date | null;
  user_id: number;
  email: string;
  role: Role;
  user_type: UserType;
  lang: Language;
  modules: ModuleSlug[];
  license_expires_at: Date | null;
}

export async function keyOwner(db: Queryable, keyHash: string): Promise<KeyOwnerRow | undefined> {
  const { rows } = await db.query<KeyOwnerRow>(
    `SELECT k.id AS key_id, k.last_used_at, u.id AS user_id, u.email, u.role, u.user_type, u.lang,
              (SELECT o.license_expires_at FROM users o WHERE o.id = COALESCE(u.team_owner_id, u.id)) AS license_expires_at,
              COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM user_held_modules um JOIN modules m ON m.id = um.module_id
                         WHERE um.user_id = u.id), '[]'::json) AS modules
         FROM settings_api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.deleted_at IS NULL`,
    [keyHash],
  );
  return rows[0];
}

export async function markKeyUsed(db: Queryable, keyId: number, at: Date): Promise<void> {
  await db.query('UPDATE settings_api_keys SET last_used_at = $2 WHERE id = $1', [keyId, at]);
}
