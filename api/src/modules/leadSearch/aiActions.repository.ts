import type { Queryable, SqlParam } from '../../db';
import type { ResultFilters } from './resultQuery.repository';
import { isoString } from '../../http/contract';

/**
 * AI list actions' SQL: the jobs (`lead_ai_jobs`), the results their prompts read and the answers stored on them
 * (`campaign_results.data.ai`), and the user's language the answers are written in.
 */
export interface AiJobDto {
  id: number;
  campaign_id: number;
  prompt_ids: number[];
  status: 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  failed: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface AiJobRow {
  id: number;
  user_id: number;
  campaign_id: number;
  prompt_ids: number[];
  selection: { ids?: number[]; filters?: ResultFilters };
  total: number;
  processed: number;
  failed: number;
  done_rows: number;
  last_id: number;
  status: AiJobDto['status'];
  error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const JOB_COLUMNS =
  'id, user_id, campaign_id, prompt_ids, selection, total, processed, failed, done_rows, last_id::int AS last_id, status, error, created_at, updated_at';
export const toJobDto = (row: AiJobRow): AiJobDto => ({
  id: row.id,
  campaign_id: row.campaign_id,
  prompt_ids: row.prompt_ids,
  status: row.status,
  total: row.total,
  processed: row.processed,
  failed: row.failed,
  error: row.error,
  created_at: isoString(row.created_at),
  updated_at: isoString(row.updated_at),
});

/** A result as a prompt reads it. */
export interface AiResultRow {
  id: number;
  name: string;
  company: string | null;
  job_title: string | null;
  website: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  followers: string | null;
}

type Where = { sql: string; params: SqlParam[] };

export async function userLang(db: Queryable, userId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ lang: string }>('SELECT lang FROM users WHERE id = $1', [userId]);
  return rows[0]?.lang;
}

/** The list's results among `ids` that are not still being looked up, by id. */
export async function aiResultRows(db: Queryable, campaignId: number, ids: readonly number[]): Promise<AiResultRow[]> {
  const { rows } = await db.query<AiResultRow>(
    `SELECT r.id::int AS id, r.name, r.company, r.job_title, r.website, r.city, r.email, r.phone, r.data->'social'->>'followers' AS followers
         FROM campaign_results r WHERE r.campaign_id = $1 AND r.id = ANY($2::bigint[]) AND r.email_status <> 'looking' ORDER BY r.id`,
    [campaignId, `{${ids.join(',')}}`],
  );
  return rows;
}

/** Merges prompts' answers into the result's `data.ai`. */
export async function storeAiTexts(
  tx: Queryable,
  campaignId: number,
  resultId: number,
  texts: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `UPDATE campaign_results SET data = jsonb_set(data, '{ai}', COALESCE(data->'ai', '{}'::jsonb) || $2::jsonb) WHERE id = $1 AND campaign_id = $3`,
    [resultId, JSON.stringify(texts), campaignId],
  );
}

/** How many results of `where` (up to `limit`) an AI action takes (those not still being looked up). */
export async function countAiRows(db: Queryable, where: Where, limit: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM campaign_results r WHERE ${where.sql} AND r.email_status <> 'looking' LIMIT ${limit}) s`,
    where.params,
  );
  return rows[0]!.n;
}

export async function insertAiJob(
  tx: Queryable,
  a: { userId: number; campaignId: number; promptIds: number[]; selection: AiJobRow['selection']; total: number },
): Promise<AiJobRow> {
  const { rows } = await tx.query<AiJobRow>(
    `INSERT INTO lead_ai_jobs (user_id, campaign_id, prompt_ids, selection, total, status) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6) RETURNING ${JOB_COLUMNS}`,
    [
      a.userId,
      a.campaignId,
      JSON.stringify(a.promptIds),
      JSON.stringify(a.selection),
      a.total,
      a.total === 0 ? 'done' : 'running',
    ],
  );
  return rows[0]!;
}

export async function findAiJob(db: Queryable, jobId: number): Promise<AiJobRow | null> {
  const { rows } = await db.query<AiJobRow>(`SELECT ${JOB_COLUMNS} FROM lead_ai_jobs WHERE id = $1`, [jobId]);
  return rows[0] ?? null;
}

/** The user's job on the list, or null. */
export async function findListAiJob(
  db: Queryable,
  userId: number,
  campaignId: number,
  jobId: number,
): Promise<AiJobRow | null> {
  const { rows } = await db.query<AiJobRow>(
    `SELECT ${JOB_COLUMNS} FROM lead_ai_jobs WHERE id = $1 AND campaign_id = $2 AND user_id = $3`,
    [jobId, campaignId, userId],
  );
  return rows[0] ?? null;
}

/** The next `take` results of `where` after the id `lastId` that are not still being looked up. */
export async function nextAiRowIds(db: Queryable, where: Where, lastId: number, take: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT r.id::int AS id FROM campaign_results r WHERE ${where.sql} AND r.id > ${lastId} AND r.email_status <> 'looking' ORDER BY r.id LIMIT ${take}`,
    where.params,
  );
  return rows.map((r) => r.id);
}

export async function markAiJobDone(db: Queryable, jobId: number): Promise<void> {
  await db.query("UPDATE lead_ai_jobs SET status = 'done', updated_at = now() WHERE id = $1 AND status = 'running'", [
    jobId,
  ]);
}

export async function markAiJobFailed(db: Queryable, jobId: number, code: string): Promise<void> {
  await db.query("UPDATE lead_ai_jobs SET status = 'failed', error = $2, updated_at = now() WHERE id = $1", [
    jobId,
    code,
  ]);
}

/**
 * The job's progress after a step that ended at result `lastId` having taken `taken` results: moves only forward, and
 * counts are the settled records of keys `keys` (a LIKE pattern), whoever settled them. Returns the job's status.
 */
export async function recordAiJobProgress(
  db: Queryable,
  jobId: number,
  lastId: number,
  taken: number,
  keys: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>(
    `UPDATE lead_ai_jobs j SET processed = c.done, failed = c.failed,
            done_rows = CASE WHEN j.last_id < $2 THEN j.done_rows + $3 ELSE j.done_rows END,
            last_id = GREATEST(j.last_id, $2),
            status = CASE WHEN (CASE WHEN j.last_id < $2 THEN j.done_rows + $3 ELSE j.done_rows END) >= j.total THEN 'done' ELSE j.status END,
            updated_at = now()
       FROM (SELECT count(*) FILTER (WHERE state = 'done')::int AS done, count(*) FILTER (WHERE state = 'failed')::int AS failed
               FROM external_effects WHERE key LIKE $4) c
      WHERE j.id = $1 RETURNING j.status`,
    [jobId, lastId, taken, keys],
  );
  return rows[0]?.status;
}
