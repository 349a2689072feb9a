/** The SQL of starting a search job (startSearch.ts holds the rule); the job's steps are in searchJobs.ts. */
import type { Queryable } from '../../db';
import type { SearchType } from '../../providers/leads';

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
