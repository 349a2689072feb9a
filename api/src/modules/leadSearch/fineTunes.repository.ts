import type { Queryable } from '../../db';
import { AI_ACTION_LIST_TYPES, type PromptListType, type PromptType } from './promptDefaults';
import { containing } from '../../db/like';

export interface FineTuneRow {
  id: number;
  user_id: number;
  list_type: PromptListType;
  prompt_type: PromptType;
  standard: boolean;
  title: string | null;
  prompt: string | null;
  library_id: number | null;
  admin_prompt_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const FINE_TUNE_COLUMNS =
  'id, user_id, list_type, prompt_type, standard, title, prompt, library_id, admin_prompt_id, created_at, updated_at';

/** A super admin's newest active default prompt of each prompt type of a list type (admin → AI assistant). */
export async function activeDefaultPrompts(
  db: Queryable,
  listType: string,
): Promise<{ prompt_type: string; title: string; prompt: string }[]> {
  const { rows } = await db.query<{ prompt_type: string; title: string; prompt: string }>(
    `SELECT DISTINCT ON (prompt_type) prompt_type, title, prompt FROM admin_default_prompts
      WHERE list_type = $1 AND active AND prompt_type <> 'library' ORDER BY prompt_type, id DESC`,
    [listType],
  );
  return rows;
}

export async function countStandardPrompts(db: Queryable, userId: number, listType: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM lead_fine_tunes WHERE user_id = $1 AND list_type = $2 AND standard',
    [userId, listType],
  );
  return rows[0]?.n ?? 0;
}

/** The standard prompts of these types the user lacks (their text stays the default: title and prompt NULL). */
export async function insertStandardPrompts(
  db: Queryable,
  userId: number,
  listType: string,
  types: readonly string[],
): Promise<void> {
  await db.query(
    `INSERT INTO lead_fine_tunes (user_id, list_type, prompt_type, standard)
     SELECT $1, $2, t, true FROM unnest($3::text[]) AS t
     ON CONFLICT (user_id, list_type, prompt_type) WHERE standard DO NOTHING`,
    [userId, listType, `{${types.join(',')}}`],
  );
}

export async function findFineTune(db: Queryable, userId: number, id: number): Promise<FineTuneRow | undefined> {
  const { rows } = await db.query<FineTuneRow>(
    `SELECT ${FINE_TUNE_COLUMNS} FROM lead_fine_tunes WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0];
}

/** The user's prompts among these ids (any order; others' ids are left out). */
export async function fineTunesByIds(db: Queryable, userId: number, ids: readonly number[]): Promise<FineTuneRow[]> {
  const { rows } = await db.query<FineTuneRow>(
    `SELECT ${FINE_TUNE_COLUMNS} FROM lead_fine_tunes WHERE user_id = $1 AND id = ANY($2::int[])`,
    [userId, `{${ids.join(',')}}`],
  );
  return rows;
}

export async function standardPromptIds(
  db: Queryable,
  userId: number,
  listType: string,
  types: readonly string[],
): Promise<{ id: number; prompt_type: string }[]> {
  const { rows } = await db.query<{ id: number; prompt_type: string }>(
    'SELECT id, prompt_type FROM lead_fine_tunes WHERE user_id = $1 AND list_type = $2 AND standard AND prompt_type = ANY($3::text[])',
    [userId, listType, `{${types.join(',')}}`],
  );
  return rows;
}

/** A page of the user's prompts of a list type: the standard ones first in `standardOrder`, then the others by id. */
export async function fineTunePage(
  db: Queryable,
  userId: number,
  q: { type: string; prompt_type?: string; page: number; pageSize: number },
  standardOrder: readonly string[],
): Promise<{ rows: FineTuneRow[]; total: number }> {
  const params: (string | number)[] = [userId, q.type];
  let where = 'user_id = $1 AND list_type = $2';
  if (q.prompt_type) {
    params.push(q.prompt_type);
    where += ` AND prompt_type = $${params.length}`;
  }
  const order = `CASE WHEN standard THEN array_position($${params.length + 1}::text[], prompt_type) ELSE 100 END, id`;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lead_fine_tunes WHERE ${where}`, params))
    .rows[0]!.n;
  const rows = (
    await db.query<FineTuneRow>(
      `SELECT ${FINE_TUNE_COLUMNS} FROM lead_fine_tunes WHERE ${where} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      [...params, `{${standardOrder.join(',')}}`],
    )
  ).rows;
  return { rows, total };
}

/** The user's extra prompts (own and library copies) of a list type. */
export async function countExtraPrompts(db: Queryable, userId: number, listType: string): Promise<number> {
  return (
    await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lead_fine_tunes WHERE user_id = $1 AND list_type = $2 AND NOT standard',
      [userId, listType],
    )
  ).rows[0]!.n;
}

export async function insertFineTune(
  db: Queryable,
  userId: number,
  p: { list_type: string; prompt_type: string; title: string; prompt: string },
): Promise<FineTuneRow> {
  return (
    await db.query<FineTuneRow>(
      `INSERT INTO lead_fine_tunes (user_id, list_type, prompt_type, standard, title, prompt) VALUES ($1, $2, $3, false, $4, $5) RETURNING ${FINE_TUNE_COLUMNS}`,
      [userId, p.list_type, p.prompt_type, p.title, p.prompt],
    )
  ).rows[0]!;
}

/** Changes the title and/or text (null keeps it); undefined when the prompt is not the user's. */
export async function updateFineTune(
  db: Queryable,
  userId: number,
  id: number,
  title: string | null,
  prompt: string | null,
): Promise<FineTuneRow | undefined> {
  return (
    await db.query<FineTuneRow>(
      `UPDATE lead_fine_tunes SET title = COALESCE($3, title), prompt = COALESCE($4, prompt), updated_at = now()
        WHERE id = $1 AND user_id = $2 RETURNING ${FINE_TUNE_COLUMNS}`,
      [id, userId, title, prompt],
    )
  ).rows[0];
}

/** Brings a prompt back to its default text (title and prompt NULL). */
export async function clearFineTune(db: Queryable, userId: number, id: number): Promise<FineTuneRow> {
  return (
    await db.query<FineTuneRow>(
      `UPDATE lead_fine_tunes SET title = NULL, prompt = NULL, updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING ${FINE_TUNE_COLUMNS}`,
      [id, userId],
    )
  ).rows[0]!;
}

export async function deleteFineTune(db: Queryable, userId: number, id: number): Promise<void> {
  await db.query('DELETE FROM lead_fine_tunes WHERE id = $1 AND user_id = $2', [id, userId]);
}

export interface LibraryItem {
  source: 'admin' | 'builtin';
  id: number;
  title: string;
  list_type: PromptListType;
  description: string;
  prompt: string;
}

// The library: a super admin's active library prompts (admin → AI assistant → library) first, then the built-in ones;
// only list types with the 'ai' action, where a copy can be used.
const LIBRARY = `
    SELECT 'admin' AS source, 0 AS part, a.id, a.title, a.list_type, '' AS description, a.prompt FROM admin_default_prompts a
     WHERE a.prompt_type = 'library' AND a.active AND a.list_type = ANY('{${AI_ACTION_LIST_TYPES.join(',')}}'::text[])
    UNION ALL
    SELECT 'builtin', 1, l.id, l.title, l.list_type, l.description, l.prompt FROM lead_prompt_library l
     WHERE l.list_type = ANY('{${AI_ACTION_LIST_TYPES.join(',')}}'::text[])`;

/** A page of the library (optionally one list type, a title/text search), each item saying whether the user copied it. */
export async function libraryPage(
  db: Queryable,
  userId: number,
  q: { type?: string; search: string; page: number; pageSize: number },
): Promise<{ rows: (LibraryItem & { used: boolean })[]; total: number }> {
  const params: (string | number)[] = [userId];
  const where: string[] = [];
  if (q.type) {
    params.push(q.type);
    where.push(`x.list_type = $${params.length}`);
  }
  if (q.search.trim()) {
    params.push(containing(q.search.trim()));
    where.push(`(x.title ILIKE $${params.length} OR x.prompt ILIKE $${params.length})`);
  }
  const sql = `WHERE $1::int IS NOT NULL${where.map((w) => ` AND ${w}`).join('')}`;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${LIBRARY}) x ${sql}`, params)).rows[0]!
    .n;
  const rows = (
    await db.query<LibraryItem & { used: boolean }>(
      `SELECT x.source, x.id, x.title, x.list_type, x.description, x.prompt,
              EXISTS (SELECT 1 FROM lead_fine_tunes f WHERE f.user_id = $1
                       AND CASE WHEN x.source = 'admin' THEN f.admin_prompt_id = x.id ELSE f.library_id = x.id END) AS used
         FROM (${LIBRARY}) x ${sql} ORDER BY x.part, x.list_type, x.id LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      params,
    )
  ).rows;
  return { rows, total };
}

export async function findLibraryItem(
  db: Queryable,
  source: 'builtin' | 'admin',
  id: number,
): Promise<LibraryItem | undefined> {
  return (await db.query<LibraryItem>(`SELECT * FROM (${LIBRARY}) x WHERE x.source = $1 AND x.id = $2`, [source, id]))
    .rows[0];
}

/** The user's copy of a library item (prompt type `library`). */
export async function insertLibraryCopy(db: Queryable, userId: number, item: LibraryItem): Promise<FineTuneRow> {
  return (
    await db.query<FineTuneRow>(
      `INSERT INTO lead_fine_tunes (user_id, list_type, prompt_type, standard, title, prompt, library_id, admin_prompt_id)
       VALUES ($1, $2, 'library', false, $3, $4, $5, $6) RETURNING ${FINE_TUNE_COLUMNS}`,
      [
        userId,
        item.list_type,
        item.title,
        item.prompt,
        item.source === 'builtin' ? item.id : null,
        item.source === 'admin' ? item.id : null,
      ],
    )
  ).rows[0]!;
}
