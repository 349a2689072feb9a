/**
 * The lists' (campaigns') SQL: every statement filters on the owner, so another account's id matches
 * nothing (the routes answer 404, or ignore it in bulk). Reads of one list with its latest job and
 * enrichment stay in campaignStore.ts, which the result, search and enrichment routes share.
 */
import type { Queryable, SqlParam } from '../../db';
import { pageWindow, type PageQueryOf } from '../../http/contract';
import type { SearchType } from '../../providers/leads';
import { CAMPAIGN_COLUMNS, latestJobs, toCampaignDto, type CampaignDto, type CampaignRow } from './campaignStore';

export const CAMPAIGN_FILTERS = ['active', 'incomplete', 'archived'] as const;
export type CampaignFilter = (typeof CAMPAIGN_FILTERS)[number];

export interface CampaignListQuery extends PageQueryOf {
  filter?: CampaignFilter;
  search?: string;
  type?: SearchType;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** A page of the owner's lists, newest first, each with its latest job; archived lists only under `filter: 'archived'`. */
export async function listCampaigns(
  q: Queryable,
  userId: number,
  query: CampaignListQuery,
): Promise<{ rows: CampaignDto[]; total: number }> {
  // A list in the trash is shown only on the trash page (listOperations.ts).
  const where = ['c.user_id = $1', 'c.deleted_at IS NULL'];
  const params: SqlParam[] = [userId];
  const add = (value: SqlParam) => `$${params.push(value)}`;
  if (query.filter === 'archived') where.push('c.archived');
  else {
    where.push('NOT c.archived');
    if (query.filter) where.push(`c.status = ${add(query.filter)}`);
  }
  if (query.search?.trim()) where.push(`c.name ILIKE ${add(`%${escapeLike(query.search.trim())}%`)}`);
  if (query.type) where.push(`c.list_type = ${add(query.type)}`);
  const whereSql = where.join(' AND ');
  const { limit, offset } = pageWindow(query);
  // A user's lists are few (hundreds at most), so an exact count is cheap here.
  const total =
    (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaigns c WHERE ${whereSql}`, params)).rows[0]?.n ??
    0;
  const rows = (
    await q.query<CampaignRow>(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE ${whereSql} ORDER BY c.id DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    )
  ).rows;
  const jobs = await latestJobs(
    q,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toCampaignDto(r, jobs.get(r.id) ?? null)), total };
}

export interface NewCampaign {
  name: string;
  list_type: SearchType;
  tags: string[];
  source: string | null;
  is_demo: boolean;
}

export async function insertCampaign(
  tx: Queryable,
  userId: number,
  list: NewCampaign,
): Promise<{ id: number; name: string; list_type: string; created_at: Date | string }> {
  const { rows } = await tx.query<{ id: number; name: string; list_type: string; created_at: Date | string }>(
    'INSERT INTO campaigns (user_id, list_type, name, tags, source, is_demo) VALUES ($1, $2, $3, $4::jsonb, $5, $6) RETURNING id, name, list_type, created_at',
    [userId, list.list_type, list.name, JSON.stringify(list.tags), list.source, list.is_demo],
  );
  return rows[0]!;
}

/** Changes what is given (`source: undefined` keeps it, `null` clears it); false when the list is not the owner's. */
export async function updateCampaign(
  q: Queryable,
  userId: number,
  id: number,
  change: { name?: string; tags?: string[]; source?: string | null },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE campaigns SET name = COALESCE($3, name), tags = COALESCE($4::jsonb, tags),
            source = CASE WHEN $5::boolean THEN $6 ELSE source END, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [
      id,
      userId,
      change.name ?? null,
      change.tags ? JSON.stringify(change.tags) : null,
      change.source !== undefined,
      change.source ?? null,
    ],
  );
  return rowCount > 0;
}

/**
 * Moves the owner's lists among `ids` to the trash (their results stay until the purge or "delete forever");
 * the ids it moved (lists already in the trash are not moved again).
 */
export async function trashCampaigns(
  q: Queryable,
  userId: number,
  ids: readonly number[],
  at: Date,
): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    'UPDATE campaigns SET deleted_at = $3 WHERE user_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL RETURNING id',
    [userId, idArray(ids), at],
  );
  return rows.map((r) => r.id);
}

/**
 * Archives (or brings back) the owner's lists among `ids`: how many it matched, and which of them it changed (an
 * undo gives back only those).
 */
export async function setCampaignsArchived(
  q: Queryable,
  userId: number,
  ids: readonly number[],
  archived: boolean,
): Promise<{ matched: number; changed: number[] }> {
  const { rows } = await q.query<{ id: number; was: boolean }>(
    `UPDATE campaigns c SET archived = $3, updated_at = now()
       FROM (SELECT id, archived FROM campaigns WHERE user_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL FOR UPDATE) o
      WHERE c.id = o.id RETURNING c.id, o.archived AS was`,
    [userId, idArray(ids), archived],
  );
  return { matched: rows.length, changed: rows.filter((r) => r.was !== archived).map((r) => r.id) };
}
