import type { Queryable } from '../../db';
import { ApiError, unprocessable } from '../../http/errors';
import {
  activeDefaultPrompts,
  clearFineTune,
  countExtraPrompts,
  countStandardPrompts,
  deleteFineTune,
  findFineTune,
  findLibraryItem,
  fineTunesByIds,
  insertFineTune,
  insertLibraryCopy,
  insertStandardPrompts,
  standardPromptIds,
  updateFineTune,
  type FineTuneRow,
  type LibraryItem,
} from './fineTunes.repository';
import { builtInDefault, STANDARD_PROMPT_TYPES, type PromptListType, type PromptType } from './promptDefaults';
import { isoString } from '../../http/contract';

/** Most extra prompts (own and library copies) a user keeps per list type. */
export const MAX_EXTRA_PROMPTS = 50;

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

export const promptNotFound = (): ApiError => new ApiError(404, 'not_found');

type Defaults = Map<string, { title: string; prompt: string }>;

/**
 * Defaults of a list type by prompt type: a super admin's newest active default prompt
 * (admin → AI assistant) for the pair, or the built-in one.
 */
export async function defaultsFor(db: Queryable, listType: string): Promise<Defaults> {
  const rows = await activeDefaultPrompts(db, listType);
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
    created_at: isoString(row.created_at),
    updated_at: isoString(row.updated_at),
  };
}

/** A row as the API answers it, with its list type's defaults. */
const dtoOf = async (db: Queryable, row: FineTuneRow, showDefault = false): Promise<FineTuneDto> =>
  toFineTuneDto(row, await defaultsFor(db, row.list_type), showDefault);

/** Makes the user's standard prompts of a list type (once; the defaults until the user edits them). */
export async function ensureStandardPrompts(db: Queryable, userId: number, listType: string): Promise<void> {
  if ((await countStandardPrompts(db, userId, listType)) >= STANDARD_PROMPT_TYPES.length) return;
  await insertStandardPrompts(db, userId, listType, STANDARD_PROMPT_TYPES);
}

/** One of the user's prompts; another account's id (or none) → 404. */
export async function loadFineTune(db: Queryable, userId: number, id: number): Promise<FineTuneRow> {
  const row = await findFineTune(db, userId, id);
  if (!row) throw promptNotFound();
  return row;
}

/**
 * The user's prompts with these ids, effective text resolved, in the order asked. Any id that is
 * not the user's → 404 (nothing is generated with someone else's prompt).
 */
export async function resolvePrompts(db: Queryable, userId: number, ids: readonly number[]): Promise<FineTuneDto[]> {
  if (ids.length === 0) return [];
  const rows = await fineTunesByIds(db, userId, ids);
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
  const rows = await standardPromptIds(db, userId, listType, types);
  const byType = new Map(rows.map((r) => [r.prompt_type, r.id]));
  return types.map((t) => byType.get(t)).filter((id): id is number => id !== undefined);
}

/** A new extra prompt, refused (on `field`) when the user has MAX_EXTRA_PROMPTS of the list type already. */
async function refuseTooMany(db: Queryable, userId: number, listType: string, field: string): Promise<void> {
  if ((await countExtraPrompts(db, userId, listType)) >= MAX_EXTRA_PROMPTS)
    throw unprocessable('leadSearch.assistant.too_many', field, { max: MAX_EXTRA_PROMPTS });
}

export async function createFineTune(
  db: Queryable,
  userId: number,
  p: { type: PromptListType; prompt_type: string; title: string; prompt: string },
): Promise<FineTuneDto> {
  await refuseTooMany(db, userId, p.type, 'title');
  const row = await insertFineTune(db, userId, {
    list_type: p.type,
    prompt_type: p.prompt_type,
    title: p.title.trim(),
    prompt: p.prompt.trim(),
  });
  return dtoOf(db, row, true);
}

export async function editFineTune(
  db: Queryable,
  userId: number,
  id: number,
  p: { title?: string; prompt?: string },
): Promise<FineTuneDto> {
  await loadFineTune(db, userId, id);
  const row = await updateFineTune(db, userId, id, p.title?.trim() ?? null, p.prompt?.trim() ?? null);
  if (!row) throw promptNotFound();
  return dtoOf(db, row, true);
}

/** Brings a standard prompt back to its default; another kind of prompt → 422. */
export async function resetFineTune(db: Queryable, userId: number, id: number): Promise<FineTuneDto> {
  const existing = await loadFineTune(db, userId, id);
  if (!existing.standard) throw unprocessable('leadSearch.assistant.not_standard', 'id');
  return dtoOf(db, await clearFineTune(db, userId, existing.id), true);
}

/** Deletes a prompt; the standard prompt of a type cannot go away: deleting it brings the default back (`reset`). */
export async function removeFineTune(db: Queryable, userId: number, id: number): Promise<{ reset: boolean }> {
  const existing = await loadFineTune(db, userId, id);
  if (existing.standard) {
    await clearFineTune(db, userId, existing.id);
    return { reset: true };
  }
  await deleteFineTune(db, userId, existing.id);
  return { reset: false };
}

/** Copies a library item into the user's prompts (an extra prompt, so within MAX_EXTRA_PROMPTS). */
export async function copyLibraryPrompt(
  db: Queryable,
  userId: number,
  source: 'builtin' | 'admin',
  id: number,
): Promise<{ item: LibraryItem; fine_tune: FineTuneDto }> {
  const item = await findLibraryItem(db, source, id);
  if (!item) throw promptNotFound();
  await refuseTooMany(db, userId, item.list_type, 'id');
  const row = await insertLibraryCopy(db, userId, item);
  return { item, fine_tune: await dtoOf(db, row) };
}
