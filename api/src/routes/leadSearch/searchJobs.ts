import type { Db, Queryable } from '../../db';
import { providerById, type LeadProvider, type LeadRecord, type SearchType } from '../../providers/leads';
import { spendCredits } from '../../credits/ledger';
import { COST_PER_RECORD } from './credits';

/** Records fetched per step; each step also reveals the previous step's "looking" results. */
export const JOB_BATCH_SIZE = 5;
/** Pause between steps of the background worker (results arrive while the user watches). */
export const JOB_TICK_MS = 500;

export type StopReason = 'no_credits' | 'provider_exhausted' | 'user';

interface JobRow {
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
}

interface LookingRow {
  id: number;
  pending: LeadRecord;
}

async function take(iterable: AsyncIterable<LeadRecord>, n: number): Promise<LeadRecord[]> {
  const out: LeadRecord[] = [];
  if (n <= 0) return out;
  for await (const record of iterable) {
    out.push(record);
    if (out.length >= n) break;
  }
  return out;
}

/** Ends a job: unused search-limit reservation goes back (demo lists never reserved any). */
async function finish(tx: Queryable, job: JobRow, status: 'done' | 'stopped', reason: StopReason | null, produced: number): Promise<void> {
  await tx.query('UPDATE search_jobs SET status = $2, stop_reason = $3, updated_at = now() WHERE id = $1', [job.id, status, reason]);
  await tx.query(`UPDATE campaigns SET status = $2, updated_at = now() WHERE id = $1`, [job.campaign_id, status === 'done' ? 'active' : 'incomplete']);
  const unused = job.requested - produced;
  if (unused > 0 && !job.is_demo_list) {
    await tx.query('UPDATE users SET searches_used = GREATEST(0, searches_used - $2) WHERE id = $1', [job.user_id, unused]);
  }
}

/**
 * One step of a search job, in one transaction:
 * 1. reveal the results still "looking": a record that returned a contact or an email is charged
 *    (spec §9 cost of its type) in this same transaction; one without is stored free of charge;
 *    when the credits run out the job stops and the unrevealed results are dropped (never charged);
 * 2. fetch the next batch from the provider and store it as "looking".
 * Returns the job's status after the step.
 */
export async function runJobStep(db: Db, jobId: number): Promise<'running' | 'done' | 'stopped' | 'missing'> {
  return db.transaction(async (tx) => {
    const job = (
      await tx.query<JobRow>(
        `SELECT j.id, j.campaign_id, j.user_id, j.search_type, j.location, j.filters, j.requested, j.produced, j.status, j.stop_reason, j.provider, c.is_demo AS is_demo_list
           FROM search_jobs j JOIN campaigns c ON c.id = j.campaign_id WHERE j.id = $1 FOR UPDATE OF j`,
        [jobId],
      )
    ).rows[0];
    if (!job) return 'missing';
    if (job.status !== 'running') return job.status;

    const cost = COST_PER_RECORD[job.search_type];
    const looking = (await tx.query<LookingRow>(`SELECT id, pending FROM campaign_results WHERE job_id = $1 AND email_status = 'looking' ORDER BY id`, [job.id])).rows;
    let charged = 0;
    let found = 0;
    for (const [index, row] of looking.entries()) {
      const record = row.pending;
      const hasContact = Boolean(record.email || record.phone);
      if (hasContact && !(await spendCredits(tx, job.user_id, cost, `search:${job.search_type}:job:${job.id}`))) {
        const dropped = looking.slice(index).map((r) => r.id);
        await tx.query(`DELETE FROM campaign_results WHERE id = ANY($1::bigint[])`, [`{${dropped.join(',')}}`]);
        await tx.query('UPDATE campaigns SET result_count = GREATEST(0, result_count - $2) WHERE id = $1', [job.campaign_id, dropped.length]);
        await tx.query('UPDATE search_jobs SET credits_charged = credits_charged + $2, found = found + $3, produced = produced - $4 WHERE id = $1', [
          job.id,
          charged,
          found,
          dropped.length,
        ]);
        await finish(tx, job, 'stopped', 'no_credits', job.produced - dropped.length);
        return 'stopped';
      }
      const emailStatus = record.email ? record.email_outcome : 'not_found';
      // The email's source (page, checks) is revealed with the email, never before.
      await tx.query(`UPDATE campaign_results SET email = $2, phone = $3, email_status = $4, credits = $5, pending = NULL, data = data || $6::jsonb WHERE id = $1`, [
        row.id,
        record.email,
        record.phone,
        emailStatus,
        hasContact ? cost : 0,
        JSON.stringify(record.email && record.email_source ? { email_source: record.email_source } : {}),
      ]);
      if (hasContact) {
        charged += cost;
        found += 1;
      }
    }

    const wanted = Math.min(JOB_BATCH_SIZE, job.requested - job.produced);
    const provider = providerById(job.provider, job.search_type);
    const intent = job.search_type === 'intent';
    // Intent leads come from the visits the tracking snippet recorded; every other type asks the provider's search.
    const batch = intent
      ? await visitorsFromVisits(tx, job, provider, wanted)
      : await take(provider.search({ type: job.search_type, location: job.location, filters: job.filters }, { offset: job.produced }), wanted);
    for (const record of batch) {
      const data = {
        department: record.department,
        seniority: record.seniority,
        management_level: record.management_level,
        country: record.country,
        category: record.category,
        employee_count: record.employee_count,
        linkedin_url: record.linkedin_url,
        social: record.social,
      };
      await tx.query(
        `INSERT INTO campaign_results (campaign_id, user_id, job_id, record_key, name, company, job_title, website, city, email_status, data, pending)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'looking', $10::jsonb, $11::jsonb)`,
        [job.campaign_id, job.user_id, job.id, record.key, record.name, record.company, record.job_title, record.website, record.city, JSON.stringify(data), JSON.stringify(record)],
      );
    }
    const produced = job.produced + batch.length;
    await tx.query('UPDATE campaigns SET result_count = result_count + $2, updated_at = now() WHERE id = $1', [job.campaign_id, batch.length]);
    await tx.query('UPDATE search_jobs SET produced = $2, credits_charged = credits_charged + $3, found = found + $4, updated_at = now() WHERE id = $1', [
      job.id,
      produced,
      charged,
      found,
    ]);
    if (intent) {
      // Live visitor data: the search waits for visits until it has identified the companies asked for.
      if (wanted === 0) {
        await finish(tx, job, 'done', null, produced);
        return 'done';
      }
      return 'running';
    }
    if (batch.length === 0) {
      // Nothing new and nothing left looking: the job is over.
      await finish(tx, job, 'done', produced < job.requested ? 'provider_exhausted' : null, produced);
      return 'done';
    }
    return 'running';
  });
}

interface VisitRow {
  id: number;
  url: string;
  referrer: string | null;
  ip: string;
  user_agent: string | null;
  created_at: Date | string;
}

/**
 * Intent: turns the list's unprocessed visits into leads through the provider (`identifyVisitor`).
 * A visitor the provider cannot identify is skipped; a company already in the list counts the page
 * view on its existing result instead of adding a second one. Returns the new leads (at most `wanted`).
 */
async function visitorsFromVisits(tx: Queryable, job: JobRow, provider: LeadProvider, wanted: number): Promise<LeadRecord[]> {
  if (wanted <= 0) return [];
  const out: LeadRecord[] = [];
  const visits = (
    await tx.query<VisitRow>(
      `SELECT id::int AS id, url, referrer, ip, user_agent, created_at FROM intent_visits WHERE campaign_id = $1 AND NOT processed ORDER BY id LIMIT ${JOB_BATCH_SIZE * 4}`,
      [job.campaign_id],
    )
  ).rows;
  for (const visit of visits) {
    if (out.length >= wanted) break;
    await tx.query('UPDATE intent_visits SET processed = true WHERE id = $1', [visit.id]);
    const record = await provider.identifyVisitor({ ...visit, at: visit.created_at instanceof Date ? visit.created_at : new Date(visit.created_at) });
    if (!record) continue;
    const known = out.find((r) => r.key === record.key);
    if (known) {
      bumpPageViews(known);
      continue;
    }
    const existing = await tx.query(
      `UPDATE campaign_results SET data = jsonb_set(data, '{social,pages_viewed}', to_jsonb(COALESCE((data->'social'->>'pages_viewed')::int, 1) + 1))
        WHERE campaign_id = $1 AND record_key = $2 AND data ? 'social'`,
      [job.campaign_id, record.key],
    );
    if (existing.rowCount > 0) continue;
    out.push({ ...record, social: { ...(record.social ?? {}) } });
  }
  return out;
}

function bumpPageViews(record: LeadRecord): void {
  const social = { ...(record.social ?? {}) } as Record<string, string | number>;
  social.pages_viewed = Number(social.pages_viewed ?? 1) + 1;
  (record as { social: Record<string, string | number> }).social = social;
}

/** Stops a running job at the user's request (caller holds the job row lock): results still looking are dropped uncharged. */
export async function stopJob(tx: Queryable, jobId: number): Promise<void> {
  const job = (
    await tx.query<JobRow>(
      `SELECT j.id, j.campaign_id, j.user_id, j.search_type, j.location, j.filters, j.requested, j.produced, j.status, j.stop_reason, j.provider, c.is_demo AS is_demo_list
         FROM search_jobs j JOIN campaigns c ON c.id = j.campaign_id WHERE j.id = $1`,
      [jobId],
    )
  ).rows[0];
  if (!job || job.status !== 'running') return;
  const dropped = (await tx.query(`DELETE FROM campaign_results WHERE job_id = $1 AND email_status = 'looking'`, [job.id])).rowCount;
  if (dropped > 0) {
    await tx.query('UPDATE campaigns SET result_count = GREATEST(0, result_count - $2) WHERE id = $1', [job.campaign_id, dropped]);
    await tx.query('UPDATE search_jobs SET produced = produced - $2 WHERE id = $1', [job.id, dropped]);
  }
  await finish(tx, job, 'stopped', 'user', job.produced - dropped);
}

/** Runs a job to its end (tests, and a worker catching up). */
export async function runJobToEnd(db: Db, jobId: number, maxSteps = 10_000): Promise<'done' | 'stopped' | 'missing'> {
  for (let i = 0; i < maxSteps; i += 1) {
    const status = await runJobStep(db, jobId);
    if (status !== 'running') return status;
  }
  throw new Error(`job ${jobId} did not finish in ${maxSteps} steps`);
}

/**
 * The background worker: every tick, one step of each running job. Jobs live in the database, so a
 * restart picks them up where they were. Set LEAD_SEARCH_WORKER=manual to drive steps by hand (tests).
 */
export function startJobWorker(db: Db, onError: (error: unknown) => void): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const tick = async () => {
    try {
      // Intent searches waiting for visits have nothing to do until the snippet records one.
      const { rows } = await db.query<{ id: number }>(
        `SELECT j.id FROM search_jobs j WHERE j.status = 'running'
           AND (j.search_type <> 'intent'
                OR EXISTS (SELECT 1 FROM intent_visits v WHERE v.campaign_id = j.campaign_id AND NOT v.processed)
                OR EXISTS (SELECT 1 FROM campaign_results r WHERE r.job_id = j.id AND r.email_status = 'looking')
                OR j.produced >= j.requested)
         ORDER BY j.id LIMIT 20`,
      );
      for (const { id } of rows) {
        if (stopped) return;
        await runJobStep(db, id);
      }
    } catch (error) {
      onError(error);
    } finally {
      if (!stopped) timer = setTimeout(() => void tick(), JOB_TICK_MS);
    }
  };
  timer = setTimeout(() => void tick(), JOB_TICK_MS);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
