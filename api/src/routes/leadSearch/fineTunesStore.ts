import type { Queryable } from '../../db';
import { ApiError } from '../../http/errors';
import { builtInDefault, STANDARD_PROMPT_TYPES, type PromptListType, type PromptType } from './promptDefaults';

/** A user's prompt as the API answers it; `prompt`/`title` are the effective text (the default when not customised). */
export interface FineTuneDto {
  id: number;
  list_type: PromptListType;
  prompt_type: PromptType;
  /** The one prompt of its type the user has per list type (it can be reset, not deleted). */
  standard: boolean;
  /** A standard prompt whose text the user changed. */
  customized: boolean;
  title: string;
  prompt: string;
  /** The library prompt this is a copy of (`library_source` says which part of the library). */
  library_id: number | null;
  library_source: 'builtin' | 'admin' | null;
  /** Standard prompts only, when asked (`show_default`): the default they reset to. */
  default_title?: string;
  default_prompt?: string;
  created_at: string;
  updated_at: string;
}

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

export const FINE_TUNE_COLUMNS =
  'id, user_id, list_type, prompt_type, standard, title, prompt, library_id, admin_prompt_id, created_at, updated_at';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export const promptNotFound = (): ApiError => new ApiError(404, 'not_found');

type Defaults = Map<string, { title: string; prompt: string }>;

/**
 * Defaults of a list type by prompt type: a super admin's newest active default prompt
 * (admin → AI assistant) for the pair, or the built-in one.
 */
export async function defaultsFor(db: Queryable, listType: string): Promise<Defaults> {
  const { rows } = await db.query<{ prompt_type: string; title: string; prompt: string }>(
    `SELECT DISTINCT ON (prompt_type) prompt_type, title, prompt FROM admin_default_prompts
      WHERE list_type = $1 AND active AND prompt_type <> 'library' ORDER BY prompt_type, id DESC`,
    [listType],
  );
  const map: Defaults = new Map();
  for (const type of STANDARD_PROMPT_TYPES) map.set(type, builtInDefault(listType, type));
  for (const row of rows) map.set(row.prompt_type, { title: row.title, prompt: row.prompt });
  return map;
}

export function toFineTuneDto(row: FineTuneRow, defaults: Defaults, showDefault = false): FineTuneDto {
  const fallback = defaults.get(row.prompt_type) ?? builtInDefault(row.list_type, row.prompt_type);
  return {
    id: row.id,
    list_type: row.list_type,
    prompt_type: row.prompt_type,
    standard: row.standard,
    customized: row.standard && row.prompt !== null,
    title: row.title ?? fallback.title,
    prompt: row.prompt ?? fallback.prompt,
    library_id: row.library_id ?? row.admin_prompt_id,
    library_source: row.library_id !== null ? 'builtin' : row.admin_prompt_id !== null ? 'admin' : null,
    ...(showDefault && row.standard ? { default_title: fallback.title, default_prompt: fallback.prompt } : {}),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Makes the user's standard prompts of a list type (once; the defaults until the user edits them). */
export async function ensureStandardPrompts(db: Queryable, userId: number, listType: string): Promise<void> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM lead_fine_tunes WHERE user_id = $1 AND list_type = $2 AND standard',
    [userId, listType],
  );
  if ((rows[0]?.n ?? 0) >= STANDARD_PROMPT_TYPES.length) return;
  await db.query(
    `INSERT INTO lead_fine_tunes (user_id, list_type, prompt_type, standard)
     SELECT $1, $2, t, true FROM unnest($3::text[]) AS t
     ON CONFLICT (user_id, list_type, prompt_type) WHERE standard DO NOTHING`,
    [userId, listType, `{${STANDARD_PROMPT_TYPES.join(',')}}`],
  );
}

/** One of the user's prompts; another account's id (or none) → 404. */
export async function loadFineTune(db: Queryable, userId: number, id: number): Promise<FineTuneRow> {
  const row = (
    await db.query<FineTuneRow>(`SELECT ${FINE_TUNE_COLUMNS} FROM lead_fine_tunes WHERE id = $1 AND user_id = $2`, [
      id,
      userId,
    ])
  ).rows[0];
  if (!row) throw promptNotFound();
  return row;
}

/**
 * The user's prompts with these ids, effective text resolved, in the order asked. Any id that is
 * not the user's → 404 (nothing is generated with someone else's prompt).
 */
export async function resolvePrompts(db: Queryable, userId: number, ids: readonly number[]): Promise<FineTuneDto[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<FineTuneRow>(
    `SELECT ${FINE_TUNE_COLUMNS} FROM lead_fine_tunes WHERE user_id = $1 AND id = ANY($2::int[])`,
    [userId, `{${ids.join(',')}}`],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const defaultsByList = new Map<string, Defaults>();
  const out: FineTuneDto[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw promptNotFound();
    let defaults = defaultsByList.get(row.list_type);
    if (!defaults) {
      defaults = await defaultsFor(db, row.list_type);
      defaultsByList.set(row.list_type, defaults);
    }
    out.push(toFineTuneDto(row, defaults));
  }
  return out;
}

/**
 * The ids of the user's standard prompts of these types for a list type (made on first use).
 * For runners that store prompt types (autopilots) and call `runAiPrompts` with ids.
 */
export async function promptIdsForTypes(
  db: Queryable,
  userId: number,
  listType: string,
  types: readonly string[],
): Promise<number[]> {
  if (types.length === 0) return [];
  await ensureStandardPrompts(db, userId, listType);
  const { rows } = await db.query<{ id: number; prompt_type: string }>(
    'SELECT id, prompt_type FROM lead_fine_tunes WHERE user_id = $1 AND list_type = $2 AND standard AND prompt_type = ANY($3::text[])',
    [userId, listType, `{${types.join(',')}}`],
  );
  const byType = new Map(rows.map((r) => [r.prompt_type, r.id]));
  return types.map((t) => byType.get(t)).filter((id): id is number => id !== undefined);
}
