import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';

/** A row of whitelabel_custom_links as the routes answer it. */
export interface CustomLinkRow {
  id: number;
  title: string;
  url: string;
  show_in_menu: boolean;
  position: number;
  created_at: Date;
  updated_at: Date;
}

export interface CustomLinkValues {
  title: string;
  url: string;
  show_in_menu: boolean;
  position: number;
}

const COLUMNS = 'id, title, url, show_in_menu, position, created_at, updated_at';

export async function listCustomLinks(
  q: Queryable,
  ownerId: number,
  { limit, offset }: PageWindow,
): Promise<CustomLinkRow[]> {
  const { rows } = await q.query<CustomLinkRow>(
    `SELECT ${COLUMNS} FROM whitelabel_custom_links WHERE owner_id = $1 ORDER BY position, id LIMIT $2 OFFSET $3`,
    [ownerId, limit, offset],
  );
  return rows;
}

export async function countCustomLinks(q: Queryable, ownerId: number): Promise<number> {
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM whitelabel_custom_links WHERE owner_id = $1',
    [ownerId],
  );
  return count.rows[0]?.total ?? 0;
}

export async function insertCustomLink(
  q: Queryable,
  ownerId: number,
  v: CustomLinkValues,
  now: Date,
): Promise<CustomLinkRow> {
  const { rows } = await q.query<CustomLinkRow>(
    `INSERT INTO whitelabel_custom_links (owner_id, title, url, show_in_menu, position, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${COLUMNS}`,
    [ownerId, v.title, v.url, v.show_in_menu, v.position, now],
  );
  return rows[0]!;
}

export async function updateCustomLink(
  q: Queryable,
  id: number,
  ownerId: number,
  v: CustomLinkValues,
  now: Date,
): Promise<CustomLinkRow | null> {
  const { rows } = await q.query<CustomLinkRow>(
    `UPDATE whitelabel_custom_links SET title = $3, url = $4, show_in_menu = $5, position = $6, updated_at = $7 WHERE id = $1 AND owner_id = $2 RETURNING ${COLUMNS}`,
    [id, ownerId, v.title, v.url, v.show_in_menu, v.position, now],
  );
  return rows[0] ?? null;
}

export async function deleteCustomLink(q: Queryable, id: number, ownerId: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM whitelabel_custom_links WHERE id = $1 AND owner_id = $2', [
    id,
    ownerId,
  ]);
  return rowCount !== 0;
}

/** The links a user's side menu shows: its reseller's (parent's, or its team owner's, or its own) marked for the menu. */
export async function menuLinksOf(
  q: Queryable,
  userId: number,
  limit: number,
): Promise<{ title: string; url: string }[]> {
  const { rows } = await q.query<{ title: string; url: string }>(
    `SELECT l.title, l.url FROM users u JOIN whitelabel_custom_links l ON l.owner_id = COALESCE(u.parent_id, u.team_owner_id, u.id)
        WHERE u.id = $1 AND l.show_in_menu ORDER BY l.position, l.id LIMIT $2`,
    [userId, limit],
  );
  return rows;
}
