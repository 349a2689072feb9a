import type { Queryable, SqlParam } from '../../db';
import { integerParams } from '../../db/types';
import { ApiError } from '../../http/errors';
import { CAMPAIGN_SEARCH_TYPE } from '../../providers/leads';
import { gradingQueuedSql } from './emailGradeStore';
import type { CampaignDto, EnrichmentJobDto, JobDto } from './listSchemas';

export type { CampaignDto, JobDto };

/** An enrichment request of a list, as the list shows its progress (`campaign.enrichment`). */
export const ENRICHMENT_JOB_COLUMNS = `id, campaign_id, kind, status, total, checked, found, refreshed, unsupported, unsupported_platforms, credits_charged, (status = 'stopped') AS stopped_no_credits, source_error, created_at, finished_at`;

export type EnrichmentJobRow = Omit<EnrichmentJobDto, 'created_at' | 'finished_at'> & {
  created_at: Date | string;
  finished_at: Date | string | null;
};

export function toEnrichmentJobDto(row: EnrichmentJobRow): EnrichmentJobDto {
  const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
  return {
    ...row,
    created_at: iso(row.created_at),
    finished_at: row.finished_at === null ? null : iso(row.finished_at),
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

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export function toJobDto(row: JobRow): JobDto {
  return { ...row, created_at: iso(row.created_at) };
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
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    job: job ? toJobDto(job) : null,
  };
}

export const notFound = () => new ApiError(404, 'not_found');

/** The user's campaign with its latest job; another account's id, a list in the trash (or none) → 404. */
export async function loadCampaign(
  db: Queryable,
  userId: number,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<CampaignDto> {
  const row = (
    await db.query<CampaignRow>(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE c.id = $1 AND c.user_id = $2 AND c.deleted_at IS NULL${opts.forUpdate ? ' FOR UPDATE' : ''}`,
      [id, userId],
    )
  ).rows[0];
  if (!row) throw notFound();
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
 * round trip instead of three. 404 when the list is not the user's. Whether the list's grading is
 * still to land is read on the same snapshot as the rows, so `grading: false` means the rows hold
 * every grade (the list's screen polls until then).
 */
export async function loadCampaignWith<T>(
  db: Queryable,
  userId: number,
  id: number,
  extraSql: string,
  params: readonly SqlParam[],
): Promise<{ campaign: CampaignDto; rows: T }> {
  if (params[0] !== id) throw new Error('loadCampaignWith: $1 must be the list id');
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
  if (!row) throw notFound();
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
