import type { Queryable, SqlParam } from '../../db';
import type { InfluencerEnrichment, SearchType } from '../../providers/leads';
import { ENRICHMENT_JOB_COLUMNS, toEnrichmentJobDto, type EnrichmentJobRow } from './campaigns.repository';
import type { EnrichmentJobDto, EnrichmentKind } from './campaigns.schemas';
import type { EnrichCursor, EnrichOutcome, Selection } from './enrichmentJob.service';

/**
 * Lead enrichment's SQL: the results an enrichment reads and writes (`campaign_results`), the claims of its look-ups
 * it re-checks and gives back (`external_effects`), and the queued requests (`enrichment_jobs`).
 */
type Where = { sql: string; params: SqlParam[] };

/** A result as an enrichment reads it. */
export interface EnrichRow {
  id: number;
  record_key: string | null;
  name: string;
  company: string | null;
  website: string | null;
  social: Record<string, unknown> | null;
  job_title: string | null;
  /** The contact the row already holds (an enrichment that returns it again found nothing new). */
  email: string | null;
  phone: string | null;
  /** data: what the search stored beside the columns (people's seniority, the company's industry and size). */
  data: Record<string, unknown>;
  /** Demo data: the row came from a search answered by the demo generator, or the list is a demo list. */
  demo: boolean;
}

/** The next `limit` rows of `where` after the id `after` still `pending` (a condition on `r`) and not being looked up. */
export async function pendingEnrichmentRows(
  db: Queryable,
  where: Where,
  pending: string,
  after: number,
  limit: number,
): Promise<EnrichRow[]> {
  const next = `$${where.params.length + 1}`;
  const { rows } = await db.query<EnrichRow>(
    `SELECT r.id::int AS id, r.record_key, r.name, r.company, r.website, r.data->'social' AS social, r.job_title, r.email, r.phone,
                jsonb_build_object('seniority', r.data->'seniority', 'department', r.data->'department', 'country', r.data->'country',
                                   'category', r.data->'category', 'employee_count', r.data->'employee_count') AS data,
                (COALESCE((SELECT j.demo_data FROM search_jobs j WHERE j.id = r.job_id), false)
                 OR EXISTS (SELECT 1 FROM campaigns c WHERE c.id = r.campaign_id AND c.is_demo)) AS demo
           FROM campaign_results r
          WHERE ${where.sql} AND ${pending} AND r.email_status <> 'looking' AND r.id > ${next} ORDER BY r.id LIMIT ${limit}`,
    [...where.params, after],
  );
  return rows;
}

/** Locks the result when it is still `pending`; false when it is not (any more). */
export async function lockPendingResult(tx: Queryable, id: number, pending: string): Promise<boolean> {
  const { rowCount } = await tx.query(`SELECT 1 FROM campaign_results r WHERE r.id = $1 AND ${pending} FOR UPDATE`, [
    id,
  ]);
  return rowCount > 0;
}

/** Locks the claim of a look-up when it is still "sending" (ours); false when it was settled or given back. */
export async function lockSendingEffect(tx: Queryable, key: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `SELECT 1 FROM external_effects WHERE key = $1 AND state = 'sending' FOR UPDATE`,
    [key],
  );
  return rowCount > 0;
}

/** Gives back claims whose answer was not stored: a later request may ask again. */
export async function giveBackEffects(tx: Queryable, keys: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM external_effects WHERE key = ANY($1::text[]) AND state = 'sending'`, [
    `{${keys.join(',')}}`,
  ]);
}

/** Marks each row no source covers with why (data.uncovered: `{ kind, platform }`). */
export async function markUncovered(
  tx: Queryable,
  kind: EnrichmentKind,
  rows: readonly { id: number; platform: string }[],
): Promise<void> {
  await tx.query(
    `UPDATE campaign_results r SET data = jsonb_set(r.data, '{uncovered}', jsonb_build_object('kind', $1::text, 'platform', u.platform))
             FROM jsonb_to_recordset($2::jsonb) AS u(id bigint, platform text) WHERE r.id = u.id`,
    [kind, JSON.stringify(rows)],
  );
}

export async function storePhone(tx: Queryable, id: number, phone: string, price: number): Promise<void> {
  await tx.query('UPDATE campaign_results SET phone = $2, credits = credits + $3 WHERE id = $1', [id, phone, price]);
}

/** Stores the people found under `data.<key>` of the row, with what they cost. */
export async function storePeople(
  tx: Queryable,
  id: number,
  key: 'employees' | 'similar',
  found: unknown,
  price: number,
): Promise<void> {
  await tx.query(
    `UPDATE campaign_results SET data = jsonb_set(data, $4::text[], $2::jsonb), credits = credits + $3 WHERE id = $1`,
    [id, JSON.stringify(found), price, `{${key}}`],
  );
}

/** A creator's enrichment: the figures and links merged, a contact kept only where the row had none. */
export async function storeInfluencerEnrichment(
  tx: Queryable,
  id: number,
  answer: InfluencerEnrichment | null,
  price: number,
): Promise<void> {
  await tx.query(
    `UPDATE campaign_results
              SET data = jsonb_set(jsonb_set(data - 'uncovered', '{enriched}', 'true'::jsonb), '{social}', COALESCE(data->'social', '{}'::jsonb) || $2::jsonb),
                  email = COALESCE(email, $3), phone = COALESCE(phone, $4),
                  email_status = CASE WHEN email IS NULL AND $3::text IS NOT NULL THEN 'found' ELSE email_status END,
                  credits = credits + $5
            WHERE id = $1`,
    [id, JSON.stringify(answer?.social ?? {}), answer?.email ?? null, answer?.phone ?? null, price],
  );
}

/** The enriched results as the lead.enriched webhook event carries them. */
export async function enrichedLeads(tx: Queryable, ids: readonly number[]): Promise<{ id: number; list_id: number }[]> {
  const { rows } = await tx.query<{ id: number; list_id: number }>(
    `SELECT id::int AS id, campaign_id AS list_id, name, company, job_title, email, phone, website, city, email_status,
            data->'employees' AS employees, data->'social' AS social
       FROM campaign_results WHERE id = ANY($1::bigint[]) ORDER BY id`,
    [`{${ids.join(',')}}`],
  );
  return rows;
}

/** How many rows of `where` (up to `limit`) still need the enrichment. */
export async function countPendingRows(tx: Queryable, where: Where, pending: string, limit: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM campaign_results r WHERE ${where.sql} AND ${pending} AND r.email_status <> 'looking' LIMIT ${limit}) x`,
    where.params,
  );
  return rows[0]!.n;
}

/** An enrichment request: running, or done at once when it has nothing to do. */
export async function insertEnrichmentJob(
  tx: Queryable,
  a: { campaignId: number; userId: number; kind: EnrichmentKind; selection: Selection; total: number },
): Promise<EnrichmentJobDto> {
  const { rows } = await tx.query<EnrichmentJobRow>(
    `INSERT INTO enrichment_jobs (campaign_id, user_id, kind, selection, total, status, finished_at)
         VALUES ($1, $2, $3, $4::jsonb, $5, CASE WHEN $5 = 0 THEN 'done' ELSE 'running' END, CASE WHEN $5 = 0 THEN now() END)
         RETURNING ${ENRICHMENT_JOB_COLUMNS}`,
    [a.campaignId, a.userId, a.kind, JSON.stringify(a.selection), a.total],
  );
  return toEnrichmentJobDto(rows[0]!);
}

/** A queued enrichment request as its worker reads it. */
export interface StoredEnrichmentJob {
  id: number;
  campaign_id: number;
  user_id: number;
  kind: EnrichmentKind;
  selection: Selection;
  status: string;
  after_id: string | number;
  seen: number;
  list_type: SearchType;
}

export async function findEnrichmentJob(db: Queryable, jobId: number): Promise<StoredEnrichmentJob | null> {
  const { rows } = await db.query<StoredEnrichmentJob>(
    `SELECT j.id, j.campaign_id, j.user_id, j.kind, j.selection, j.status, j.after_id, j.seen, c.list_type
         FROM enrichment_jobs j JOIN campaigns c ON c.id = j.campaign_id WHERE j.id = $1`,
    [jobId],
  );
  return rows[0] ?? null;
}

/** A chunk's figures and the cursor after it, added to the request. */
export async function recordEnrichmentChunk(
  tx: Queryable,
  jobId: number,
  chunk: EnrichOutcome,
  cursor: EnrichCursor,
): Promise<void> {
  await tx.query(
    `UPDATE enrichment_jobs SET checked = checked + $2, found = found + $3, credits_charged = credits_charged + $4, after_id = $5, seen = $6,
              refreshed = refreshed + $7, unsupported = unsupported + $8,
              unsupported_platforms = ARRAY(SELECT p FROM unnest(unsupported_platforms) p UNION SELECT jsonb_array_elements_text($9::jsonb) ORDER BY 1)
        WHERE id = $1`,
    [
      jobId,
      chunk.checked,
      chunk.found,
      chunk.credits,
      cursor.after,
      cursor.seen,
      chunk.refreshed,
      chunk.unsupported,
      JSON.stringify(chunk.unsupportedPlatforms),
    ],
  );
}

/** A running request fails (what it stored stays, charged). */
export async function markEnrichmentJobFailed(db: Queryable, jobId: number): Promise<void> {
  await db.query(
    `UPDATE enrichment_jobs SET status = 'failed', finished_at = now() WHERE id = $1 AND status = 'running'`,
    [jobId],
  );
}

/** A running request fails for its source's error (JSON `{ source, code }`). */
export async function markEnrichmentJobSourceFailed(db: Queryable, jobId: number, sourceError: string): Promise<void> {
  await db.query(
    `UPDATE enrichment_jobs SET status = 'failed', source_error = $2::jsonb, finished_at = now() WHERE id = $1 AND status = 'running'`,
    [jobId, sourceError],
  );
}

/** The source's error of a running request, which the queue retries. */
export async function setEnrichmentSourceError(db: Queryable, jobId: number, sourceError: string): Promise<void> {
  await db.query(`UPDATE enrichment_jobs SET source_error = $2::jsonb WHERE id = $1 AND status = 'running'`, [
    jobId,
    sourceError,
  ]);
}

/** A running request ends: done, or stopped (the credits ran out). */
export async function endEnrichmentJob(db: Queryable, jobId: number, status: 'done' | 'stopped'): Promise<void> {
  await db.query(`UPDATE enrichment_jobs SET status = $2, finished_at = now() WHERE id = $1 AND status = 'running'`, [
    jobId,
    status,
  ]);
}
