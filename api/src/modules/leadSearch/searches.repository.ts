/**
 * The SQL of a search job as the user sees it: starting one (searches.service.ts holds the rule), reading and
 * locking one. The job's steps are in searchJobs.service.ts and searchJobs.repository.ts.
 */
import type { Queryable } from '../../db';
import type { SearchType } from '../../providers/leads';
import { JOB_COLUMNS, type JobRow } from './campaigns.repository';

export interface NewSearchJob {
  campaignId: number;
  userId: number;
  searchType: SearchType;
  location: string;
  filters: Record<string, unknown>;
  provider: string;
  demoData: boolean;
  requested: number;
  skipKnown: boolean;
}

/** Whether the list has a search running (a list is filled by one search at a time). */
export async function hasRunningSearch(q: Queryable, campaignId: number): Promise<boolean> {
  return (
    (await q.query(`SELECT 1 FROM search_jobs WHERE campaign_id = $1 AND status = 'running' LIMIT 1`, [campaignId]))
      .rowCount > 0
  );
}

/** Inserts the job (running) and marks its list incomplete until the job ends; answers the job id. */
export async function insertSearchJob(q: Queryable, job: NewSearchJob): Promise<number> {
  const { id } = (
    await q.query<{ id: number }>(
      `INSERT INTO search_jobs (campaign_id, user_id, search_type, location, filters, provider, demo_data, requested, skip_known)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9) RETURNING id`,
      [
        job.campaignId,
        job.userId,
        job.searchType,
        job.location,
        JSON.stringify(job.filters),
        job.provider,
        job.demoData,
        job.requested,
        job.skipKnown,
      ],
    )
  ).rows[0]!;
  await q.query(`UPDATE campaigns SET status = 'incomplete', updated_at = now() WHERE id = $1`, [job.campaignId]);
  return id;
}

/** The user's search job as the list shows it, or undefined. */
export async function findUserJob(q: Queryable, userId: number, id: number): Promise<JobRow | undefined> {
  return (await q.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM search_jobs WHERE id = $1 AND user_id = $2`, [id, userId]))
    .rows[0];
}

/** Locks the user's search job (FOR UPDATE) and answers its status, or undefined when it is not the user's. */
export async function lockUserJob(
  q: Queryable,
  userId: number,
  id: number,
): Promise<{ id: number; status: string } | undefined> {
  return (
    await q.query<{ id: number; status: string }>(
      'SELECT id, status FROM search_jobs WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [id, userId],
    )
  ).rows[0];
}
