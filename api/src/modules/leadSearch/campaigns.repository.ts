/**
 * The lists' (campaigns') SQL: a list with its latest search and enrichment (the result, search and enrichment
 * features read them here too), a page of lists, and the writes of the lists' own routes. Every statement filters
 * on the owner, so another account's id matches nothing (the services answer 404, or ignore it in bulk).
 */
import type { Queryable, SqlParam } from '../../db';
import { integerParams } from '../../db/types';
import { pageWindow, type PageQueryOf, isoString } from '../../http/contract';
import { CAMPAIGN_SEARCH_TYPE, type SearchType } from '../../providers/leads';
import { gradingQueuedSql } from './emailGrades.repository';
import type { CampaignDto, EnrichmentJobDto, JobDto } from './campaigns.schemas';
import { containing } from '../../db/like';

export type { CampaignDto, JobDto };

/** An enrichment request of a list, as the list shows its progress (`campaign.enrichment`). */
export const ENRICHMENT_JOB_COLUMNS = `id, campaign_id, kind, status, total, checked, found, refreshed, unsupported, unsupported_platforms, credits_charged, (status = 'stopped') AS stopped_no_credits, source_error, created_at, finished_at`;

export type EnrichmentJobRow = Omit<EnrichmentJobDto, 'created_at' | 'finished_at'> & {
  created_at: Date | string;
  finished_at: Date | string | null;
};

export function toEnrichmentJobDto(row: EnrichmentJobRow): EnrichmentJobDto {
  return {
    ...row,
    created_at: isoString(row.created_at),
    finished_at: isoString(row.finished_at),
  };
}

export const CAMPAIGN_COLUMNS = `c.id, c.name, c.list_type, c.tags, c.source, c.archived, c.status, c.is_demo, c.result_count,
  (c.webhook_url IS NOT NULL) AS has_webhook, c.created_at, c.updated_at`;
export const JOB_COLUMNS = `id, campaign_id, status, stop_reason, source_error, requested, produced, found, credits_charged, provider, demo_data, demo_reason, search_type, location, filters, created_at`;

type CampaignRow = Omit<CampaignDto, 'search_type' | 'job' | 'created_at' | 'updated_at'> & {
  created_at: Date | string;
  updated_at: Date | string;
};
type JobRow = Omit<JobDto, 'created_at'> & { created_at: Date | string };

export function toJobDto(row: JobRow): JobDto {
  return { ...row, created_at: isoString(row.created_at) };
}

export function toCampaignDto(
  row: CampaignRow,
  job: JobRow | null,
  enrichment?: EnrichmentJobRow | null,
  grading?: boolean,
): CampaignDto {
  return {
    ...(enrichment === undefined ? {} : { enrichment: enrichment ? toEnrichmentJobDto(enrichment) : null }),
    ...(grading === undefined ? {} : { grading }),
    ...row,
    search_type: CAMPAIGN_SEARCH_TYPE[row.list_type],
    created_at: isoString(row.created_at),
    updated_at: isoString(row.updated_at),
    job: job ? toJobDto(job) : null,
  };
}

/** The user's campaign with its latest job; undefined for another account's id, a list in the trash (or none). */
export async function findCampaign(
  db: Queryable,
  userId: number,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<CampaignDto | undefined> {
  const row = (
    await db.query<CampaignRow>(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE c.id = $1 AND c.user_id = $2 AND c.deleted_at IS NULL${opts.forUpdate ? ' FOR UPDATE' : ''}`,
      [id, userId],
    )
  ).rows[0];
  if (!row) return undefined;
  const job =
    (
      await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM search_jobs WHERE campaign_id = $1 ORDER BY id DESC LIMIT 1`, [
        id,
      ])
    ).rows[0] ?? null;
  const enrichment =
    (
      await db.query<EnrichmentJobRow>(
        `SELECT ${ENRICHMENT_JOB_COLUMNS} FROM enrichment_jobs WHERE campaign_id = $1 ORDER BY id DESC LIMIT 1`,
        [id],
      )
    ).rows[0] ?? null;
  return toCampaignDto(row, job, enrichment);
}

type Loaded<T> = CampaignRow & { job: JobRow | null; enrichment: EnrichmentJobRow | null; grading: boolean; extra: T };

/**
 * One statement for a list, its latest job and `extraSql` (a scalar subquery of the caller over the
 * list's rows; its parameters are `params`, whose `$1` is the list id): a hot read path pays one
 * round trip instead of three. Undefined when the list is not the user's. Whether the list's grading is
 * still to land is read on the same snapshot as the rows, so `grading: false` means the rows hold
 * every grade (the list's screen polls until then).
 */
export async function findCampaignWith<T>(
  db: Queryable,
  userId: number,
  id: number,
  extraSql: string,
  params: readonly SqlParam[],
): Promise<{ campaign: CampaignDto; rows: T } | undefined> {
  if (params[0] !== id) throw new Error('findCampaignWith: $1 must be the list id');
  const userParam = `$${params.length + 1}`;
  const sql = `SELECT ${CAMPAIGN_COLUMNS},
              (SELECT row_to_json(j) FROM (SELECT ${JOB_COLUMNS} FROM search_jobs WHERE campaign_id = c.id ORDER BY id DESC LIMIT 1) j) AS job,
              (SELECT row_to_json(e) FROM (SELECT ${ENRICHMENT_JOB_COLUMNS} FROM enrichment_jobs WHERE campaign_id = c.id ORDER BY id DESC LIMIT 1) e) AS enrichment,
              ${gradingQueuedSql('c.id')} AS grading,
              (${extraSql}) AS extra
         FROM campaigns c WHERE c.id = $1 AND c.user_id = ${userParam} AND c.deleted_at IS NULL`;
  const values = [...params, userId];
  // Planned once per statement text when every parameter is an id (an unfiltered page, by keyset or not): its
  // plan is the same whatever the ids. A search text or a filter value is planned for its value: PostgreSQL's
  // generic plan of a prepared `name ILIKE $2` guesses its selectivity and walked a 1,000,000-row list through
  // the list index (4 s) for a search the trigram indexes answer in milliseconds.
  const prepared = db.queryPrepared && integerParams(values);
  const { rows } = prepared ? await db.queryPrepared!<Loaded<T>>(sql, values) : await db.query<Loaded<T>>(sql, values);
  const row = rows[0];
  if (!row) return undefined;
  const { job, enrichment, grading, extra, ...campaign } = row;
  return { campaign: toCampaignDto(campaign, job, enrichment, grading), rows: extra };
}

/** Latest job per campaign for a page of campaigns (one query). */
export async function latestJobs(db: Queryable, campaignIds: number[]): Promise<Map<number, JobRow>> {
  if (campaignIds.length === 0) return new Map();
  const { rows } = await db.query<JobRow>(
    `SELECT DISTINCT ON (campaign_id) ${JOB_COLUMNS} FROM search_jobs WHERE campaign_id = ANY($1::int[]) ORDER BY campaign_id, id DESC`,
    [`{${campaignIds.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.campaign_id, r]));
}

export type { CampaignRow, JobRow };

export const CAMPAIGN_FILTERS = ['active', 'incomplete', 'archived'] as const;
export type CampaignFilter = (typeof CAMPAIGN_FILTERS)[number];

export interface CampaignListQuery extends PageQueryOf {
  filter?: CampaignFilter;
  search?: string;
  type?: SearchType;
}

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** A page of the owner's lists, newest first, each with its latest job; archived lists only under `filter: 'archived'`. */
export async function listCampaigns(
  q: Queryable,
  userId: number,
  query: CampaignListQuery,
): Promise<{ rows: CampaignDto[]; total: number }> {
  // A list in the trash is shown only on the trash page (listOperations.routes.ts).
  const where = ['c.user_id = $1', 'c.deleted_at IS NULL'];
  const params: SqlParam[] = [userId];
  const add = (value: SqlParam) => `$${params.push(value)}`;
  if (query.filter === 'archived') where.push('c.archived');
  else {
    where.push('NOT c.archived');
    if (query.filter) where.push(`c.status = ${add(query.filter)}`);
  }
  if (query.search?.trim()) where.push(`c.name ILIKE ${add(containing(query.search.trim()))}`);
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

/** Whether the owner has a list of that name (case-insensitive) in the trash. */
export async function nameInTrash(q: Queryable, userId: number, name: string): Promise<boolean> {
  const trashed = await q.query(
    'SELECT 1 FROM campaigns WHERE user_id = $1 AND lower(name) = lower($2) AND deleted_at IS NOT NULL',
    [userId, name],
  );
  return trashed.rowCount > 0;
}

/** The searches still running into the lists `campaignIds`, their rows locked for the caller's transaction. */
export async function lockRunningSearches(tx: Queryable, campaignIds: readonly number[]): Promise<number[]> {
  const running = await tx.query<{ id: number }>(
    `SELECT id FROM search_jobs WHERE campaign_id = ANY($1::int[]) AND status = 'running' FOR UPDATE`,
    [`{${campaignIds.join(',')}}`],
  );
  return running.rows.map((r) => r.id);
}
