/**
 * The SQL of a search job's steps (searchJobs.service.ts holds the rules): the job row, its results while they are
 * "looking" and once revealed, the owner's ledger of paid contacts, the intent visits a job reads.
 */
import type { Queryable, SqlParam } from '../../db';
import { erasedPersonSql } from '../../ops/personErasure';
import type { LeadRecord, SearchType } from '../../providers/leads';
import { listNotTrashedSql } from './listOperations.repository';

export type StopReason = 'no_credits' | 'provider_exhausted' | 'user' | 'source_error' | 'failed';

export interface SearchJobRow {
  id: number;
  campaign_id: number;
  user_id: number;
  search_type: SearchType;
  location: string;
  filters: Record<string, unknown>;
  requested: number;
  produced: number;
  status: 'running' | 'done' | 'stopped';
  stop_reason: StopReason | null;
  provider: string;
  is_demo_list: boolean;
  /** The job is answered by the demo generator (a demo list, no real source configured, or the unreachable fallback): free of credits and of the search limit. */
  demo_data: boolean;
  /** `unreachable`: the job fell back to demo data because no real source could be reached (free, no search-limit use). */
  demo_reason: 'unreachable' | null;
  /** The source's last failure (`LeadSourceError`), if any. */
  source_error: { source: string; code: string } | null;
  /** The user's own Google API key (spec user field): Google Places uses it before the platform's. */
  google_api_key_sealed: string | null;
  /** Leave out the records the account already holds (saved searches): neither stored nor charged. */
  skip_known: boolean;
  /** Records read from the source and left out as already held: the source's offset is produced + skipped. */
  skipped: number;
}

export interface LookingRow {
  id: number;
  pending: LeadRecord;
}

/** A revealed result as the lead.created webhook event carries it. */
export interface RevealedLead {
  id: number;
  name: string;
  company: string;
  job_title: string;
  email: string | null;
  phone: string | null;
  website: string;
  city: string;
  email_status: string;
}

export interface VisitRow {
  id: number;
  url: string;
  referrer: string | null;
  ip: string;
  user_agent: string | null;
  created_at: Date | string;
}

/** What a source's failure is recorded as on the job. */
export interface SourceError {
  source: string;
  code: string;
}

const JOB_SELECT = `SELECT j.id, j.campaign_id, j.user_id, j.search_type, j.location, j.filters, j.requested, j.produced, j.status, j.stop_reason, j.provider, j.demo_data, j.demo_reason, j.source_error, j.skip_known, j.skipped, c.is_demo AS is_demo_list,
   (SELECT u.google_api_key_sealed FROM users u WHERE u.id = j.user_id) AS google_api_key_sealed
   FROM search_jobs j JOIN campaigns c ON c.id = j.campaign_id WHERE j.id = $1`;

/** `pending` has a contact (an email or a phone): the spec §9 charge applies. */
const HAS_CONTACT = `(COALESCE(pending->>'email', '') <> '' OR COALESCE(pending->>'phone', '') <> '')`;
/** The contact of a looking row (result_contact_key of the email it is about to reveal). */
const PENDING_KEY = `result_contact_key(pending->>'email', data->>'linkedin_url', name, website)`;

const idArray = (ids: readonly number[]): string => `{${ids.join(',')}}`;

/** The job as a step reads it, or undefined. */
export async function findStepJob(q: Queryable, jobId: number): Promise<SearchJobRow | undefined> {
  return (await q.query<SearchJobRow>(JOB_SELECT, [jobId])).rows[0];
}

/** The job as a step reads it, locked (FOR UPDATE of the job row), or undefined. */
export async function lockStepJob(q: Queryable, jobId: number): Promise<SearchJobRow | undefined> {
  return (await q.query<SearchJobRow>(`${JOB_SELECT} FOR UPDATE OF j`, [jobId])).rows[0];
}

/** The job as stopping it reads it (no key, no skip counts), or undefined. */
export async function findJobToStop(q: Queryable, jobId: number): Promise<SearchJobRow | undefined> {
  return (
    await q.query<SearchJobRow>(
      `SELECT j.id, j.campaign_id, j.user_id, j.search_type, j.location, j.filters, j.requested, j.produced, j.status, j.stop_reason, j.provider, j.demo_data, j.demo_reason, c.is_demo AS is_demo_list
         FROM search_jobs j JOIN campaigns c ON c.id = j.campaign_id WHERE j.id = $1`,
      [jobId],
    )
  ).rows[0];
}

/** Ends the job with its status and reason; answers what it found and charged (undefined when the job is gone). */
export async function endJob(
  q: Queryable,
  jobId: number,
  status: 'done' | 'stopped',
  reason: StopReason | null,
): Promise<{ found: number; credits_charged: number } | undefined> {
  return (
    await q.query<{ found: number; credits_charged: number }>(
      'UPDATE search_jobs SET status = $2, stop_reason = $3, updated_at = now() WHERE id = $1 RETURNING found, credits_charged',
      [jobId, status, reason],
    )
  ).rows[0];
}

/** Sets the list's status (`active` once a search is done, `incomplete` otherwise). */
export async function setListStatus(q: Queryable, campaignId: number, status: 'active' | 'incomplete'): Promise<void> {
  await q.query(`UPDATE campaigns SET status = $2, updated_at = now() WHERE id = $1`, [campaignId, status]);
}

/** Gives `count` searches of the monthly limit back to the user (never below 0 used). */
export async function giveBackSearches(q: Queryable, userId: number, count: number): Promise<void> {
  await q.query('UPDATE users SET searches_used = GREATEST(0, searches_used - $2) WHERE id = $1', [userId, count]);
}

/** Lowers the list's result count by `count` (never below 0). */
export async function shrinkResultCount(q: Queryable, campaignId: number, count: number): Promise<void> {
  await q.query('UPDATE campaigns SET result_count = GREATEST(0, result_count - $2) WHERE id = $1', [
    campaignId,
    count,
  ]);
}

/** Raises the list's result count by `count`. */
export async function growResultCount(q: Queryable, campaignId: number, count: number): Promise<void> {
  await q.query('UPDATE campaigns SET result_count = result_count + $2, updated_at = now() WHERE id = $1', [
    campaignId,
    count,
  ]);
}

/**
 * Never charge twice for a contact (issue 29): of the job's looking rows with a contact, the ones this reveal may
 * charge. Each contact is claimed in the owner's ledger `paid_contacts` (it outlives deleted lists) by an INSERT …
 * ON CONFLICT DO NOTHING: a contact paid for before, or by an earlier row of the batch, is not claimed, so it is
 * revealed free; two searches revealing the same contact at once meet on the ledger's primary key (the second waits
 * for the first to commit, then finds it), so one of them pays. A row whose contact has no key (a phone without
 * email, LinkedIn URL or website) is always charged.
 */
export async function claimPayable(q: Queryable, jobId: number): Promise<Set<number>> {
  const { rows } = await q.query<{ id: number }>(
    `WITH batch AS (
       SELECT id, user_id, ${PENDING_KEY} AS contact FROM campaign_results WHERE job_id = $1 AND email_status = 'looking' AND ${HAS_CONTACT}
     ), claimed AS (
       INSERT INTO paid_contacts (user_id, contact_hash, first_result_id)
       SELECT DISTINCT ON (contact) user_id, contact_hash(contact), id FROM batch WHERE contact IS NOT NULL ORDER BY contact, id
       ON CONFLICT DO NOTHING RETURNING first_result_id
     )
     SELECT first_result_id::int AS id FROM claimed UNION ALL SELECT id::int FROM batch WHERE contact IS NULL`,
    [jobId],
  );
  return new Set(rows.map((r) => r.id));
}

/** Gives back the claims of rows that were not charged after all (dropped when the credits ran out). */
export async function releaseClaims(q: Queryable, userId: number, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await q.query('DELETE FROM paid_contacts WHERE user_id = $1 AND first_result_id = ANY($2::bigint[])', [
      userId,
      idArray(ids),
    ]);
}

/** Deletes the job's looking results of persons erased on request (ops/personErasure.ts); answers how many. */
export async function deleteErasedLooking(q: Queryable, jobId: number): Promise<number> {
  return (
    await q.query(
      `DELETE FROM campaign_results r WHERE r.job_id = $1 AND r.email_status = 'looking' AND ${erasedPersonSql('r')}`,
      [jobId],
    )
  ).rowCount;
}

/** The job's looking results: how many have a contact (`n`) and how many there are (`looked`). */
export async function countLooking(q: Queryable, jobId: number): Promise<{ n: number; looked: number }> {
  return (
    await q.query<{ n: number; looked: number }>(
      `SELECT count(*) FILTER (WHERE ${HAS_CONTACT})::int AS n, count(*)::int AS looked FROM campaign_results WHERE job_id = $1 AND email_status = 'looking'`,
      [jobId],
    )
  ).rows[0]!;
}

/**
 * Reveals the job's looking results (all of them, or those of `only`): the pending email and phone become the
 * result's, the rows of `payable` are charged `cost` each. Answers the revealed leads.
 */
export async function revealLooking(
  q: Queryable,
  jobId: number,
  cost: number,
  payable: Iterable<number>,
  only?: readonly number[],
): Promise<RevealedLead[]> {
  const [extra, params]: [string, SqlParam[]] = only ? [' AND id = ANY($4::bigint[])', [idArray(only)]] : ['', []];
  const { rows } = await q.query<RevealedLead>(
    `UPDATE campaign_results SET email = pending->>'email', phone = pending->>'phone',
            email_status = CASE WHEN COALESCE(pending->>'email', '') <> '' THEN pending->>'email_outcome' ELSE 'not_found' END,
            credits = CASE WHEN id = ANY($3::bigint[]) THEN $2::int ELSE 0 END, pending = NULL,
            -- The email's source (page, checks) is revealed with the email, never before.
            data = CASE WHEN COALESCE(pending->>'email', '') <> '' AND COALESCE(jsonb_typeof(pending->'email_source'), 'null') NOT IN ('null', 'boolean')
                        THEN data || jsonb_build_object('email_source', pending->'email_source') ELSE data END
      WHERE job_id = $1 AND email_status = 'looking'${extra}
      RETURNING id, name, company, job_title, email, phone, website, city, email_status`,
    [jobId, cost, idArray([...payable]), ...params],
  );
  return rows;
}

/** The job's looking results with what they are about to reveal, in order. */
export async function lookingRows(q: Queryable, jobId: number): Promise<LookingRow[]> {
  return (
    await q.query<LookingRow>(
      `SELECT id, pending FROM campaign_results WHERE job_id = $1 AND email_status = 'looking' ORDER BY id`,
      [jobId],
    )
  ).rows;
}

/** Deletes results by id. */
export async function deleteResults(q: Queryable, ids: readonly number[]): Promise<void> {
  await q.query(`DELETE FROM campaign_results WHERE id = ANY($1::bigint[])`, [idArray(ids)]);
}

/** Adds a reveal's charge and finds to the job, less the results it dropped. */
export async function addRevealCounts(
  q: Queryable,
  jobId: number,
  charged: number,
  found: number,
  dropped: number,
): Promise<void> {
  await q.query(
    'UPDATE search_jobs SET credits_charged = credits_charged + $2, found = found + $3, produced = produced - $4 WHERE id = $1',
    [jobId, charged, found, dropped],
  );
}

/**
 * Records a step that got through: what the job produced, charged, found and skipped so far; a passing source
 * failure shown while it was being retried ends (not the one a demo fallback is labelled with).
 */
export async function recordStep(
  q: Queryable,
  jobId: number,
  step: { produced: number; charged: number; found: number; skipped: number },
): Promise<void> {
  await q.query(
    'UPDATE search_jobs SET produced = $2, credits_charged = credits_charged + $3, found = found + $4, skipped = skipped + $5, source_error = CASE WHEN demo_reason IS NULL THEN NULL ELSE source_error END, updated_at = now() WHERE id = $1',
    [jobId, step.produced, step.charged, step.found, step.skipped],
  );
}

/** The record keys of `keys` the user holds in a list not in the trash. */
export async function heldRecordKeys(q: Queryable, userId: number, keys: readonly string[]): Promise<string[]> {
  return (
    await q.query<{ record_key: string }>(
      `SELECT DISTINCT record_key FROM campaign_results o WHERE o.user_id = $1 AND o.record_key IN (SELECT jsonb_array_elements_text($2::jsonb)) AND ${listNotTrashedSql('o')}`,
      [userId, JSON.stringify(keys)],
    )
  ).rows.map((r) => r.record_key);
}

/**
 * The contact key of each record (`n`: its position from 1; computed by the database's own result_contact_key) and
 * whether the user holds that contact in a list not in the trash, whatever source found it (looked up with
 * campaign_results_contact_idx).
 */
export async function batchContacts(
  q: Queryable,
  userId: number,
  records: readonly LeadRecord[],
): Promise<{ n: number; contact: string | null; held: boolean }[]> {
  return (
    await q.query<{ n: number; contact: string | null; held: boolean }>(
      `SELECT x.n::int AS n, k.contact,
              (k.contact IS NOT NULL AND EXISTS (SELECT 1 FROM campaign_results o WHERE o.user_id = $1 AND o.email_status <> 'looking'
                  AND result_contact_key(o.email, o.data->>'linkedin_url', o.name, o.website) = k.contact AND ${listNotTrashedSql('o')})) AS held
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(r, n)
         CROSS JOIN LATERAL (SELECT result_contact_key(x.r->>'email', x.r->>'linkedin_url', x.r->>'name', x.r->>'website') AS contact) k`,
      [
        userId,
        JSON.stringify(
          records.map((r) => ({ email: r.email, linkedin_url: r.linkedin_url, name: r.name, website: r.website })),
        ),
      ],
    )
  ).rows;
}

/** One multi-row INSERT for a provider batch, stored as "looking". */
export async function storeBatch(q: Queryable, job: SearchJobRow, batch: readonly LeadRecord[]): Promise<void> {
  if (!batch.length) return;
  const rows = batch.map((record) => ({
    record_key: record.key,
    name: record.name,
    company: record.company,
    job_title: record.job_title,
    website: record.website,
    city: record.city,
    data: {
      department: record.department,
      seniority: record.seniority,
      management_level: record.management_level,
      country: record.country,
      category: record.category,
      employee_count: record.employee_count,
      linkedin_url: record.linkedin_url,
      social: record.social,
    },
    pending: record,
  }));
  await q.query(
    `INSERT INTO campaign_results (campaign_id, user_id, job_id, record_key, name, company, job_title, website, city, email_status, data, pending)
     SELECT $1, $2, $3, x.r->>'record_key', x.r->>'name', x.r->>'company', x.r->>'job_title', x.r->>'website', x.r->>'city', 'looking', x.r->'data', x.r->'pending'
       FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS x(r, n)
      ORDER BY x.n`,
    [job.campaign_id, job.user_id, job.id, JSON.stringify(rows)],
  );
}

/** Hands a job that found nothing yet from the source `from` over to `to`, recording why. */
export async function switchSource(
  q: Queryable,
  jobId: number,
  from: string,
  to: string,
  error: SourceError,
): Promise<void> {
  await q.query(
    `UPDATE search_jobs SET provider = $3, source_error = $4::jsonb, updated_at = now() WHERE id = $1 AND status = 'running' AND produced = 0 AND provider = $2`,
    [jobId, from, to, JSON.stringify({ source: error.source, code: error.code })],
  );
}

/** Records the source's failure on a job still running. */
export async function recordSourceErrorIfRunning(q: Queryable, jobId: number, error: SourceError): Promise<void> {
  await q.query(
    `UPDATE search_jobs SET source_error = $2::jsonb, updated_at = now() WHERE id = $1 AND status = 'running'`,
    [jobId, JSON.stringify({ source: error.source, code: error.code })],
  );
}

/** Records the source's failure on the job (the caller holds its lock). */
export async function recordSourceError(q: Queryable, jobId: number, error: SourceError): Promise<void> {
  await q.query('UPDATE search_jobs SET source_error = $2::jsonb, updated_at = now() WHERE id = $1', [
    jobId,
    JSON.stringify({ source: error.source, code: error.code }),
  ]);
}

/** The job goes on with demo data: no real source could be reached. */
export async function fallBackToDemo(q: Queryable, jobId: number): Promise<void> {
  await q.query(
    `UPDATE search_jobs SET provider = 'demo', demo_data = true, demo_reason = 'unreachable', updated_at = now() WHERE id = $1`,
    [jobId],
  );
}

/** The list's next `limit` visits not processed yet, in order. */
export async function unprocessedVisits(q: Queryable, campaignId: number, limit: number): Promise<VisitRow[]> {
  return (
    await q.query<VisitRow>(
      `SELECT id::int AS id, url, referrer, ip, user_agent, created_at FROM intent_visits WHERE campaign_id = $1 AND NOT processed ORDER BY id LIMIT ${limit}`,
      [campaignId],
    )
  ).rows;
}

/** Marks the visits processed (those no other step took first); answers how many it marked. */
export async function markVisitsProcessed(q: Queryable, visitIds: readonly number[]): Promise<number> {
  return (
    await q.query('UPDATE intent_visits SET processed = true WHERE id = ANY($1::bigint[]) AND NOT processed', [
      idArray(visitIds),
    ])
  ).rowCount;
}

/** Counts a page view on the list's result of the record `key`; answers whether the list holds one. */
export async function countPageView(q: Queryable, campaignId: number, key: string): Promise<boolean> {
  return (
    (
      await q.query(
        `UPDATE campaign_results SET data = jsonb_set(data, '{social,pages_viewed}', to_jsonb(COALESCE((data->'social'->>'pages_viewed')::int, 1) + 1))
        WHERE campaign_id = $1 AND record_key = $2 AND data ? 'social'`,
        [campaignId, key],
      )
    ).rowCount > 0
  );
}

/** Deletes the job's results still looking (dropped uncharged); answers how many. */
export async function dropLooking(q: Queryable, jobId: number): Promise<number> {
  return (await q.query(`DELETE FROM campaign_results WHERE job_id = $1 AND email_status = 'looking'`, [jobId]))
    .rowCount;
}

/** Lowers what the job produced by `count` (results dropped). */
export async function lowerProduced(q: Queryable, jobId: number, count: number): Promise<void> {
  await q.query('UPDATE search_jobs SET produced = produced - $2 WHERE id = $1', [jobId, count]);
}
