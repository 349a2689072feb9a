/**
 * The user's own searches: POST /api/searches (the checks of the new-search screen, then `startSearch`, the rule
 * every way of starting a search shares), reading one and stopping one. The SQL is in searches.repository.ts.
 */
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db';
import { unprocessable, validationError, type FieldIssue } from '../../http/errors';
import { freshLeadSources } from '../../providers/leads/sourceSettings';
import type { JobQueue } from '../../queue/jobQueue';
import { loadCampaign, notFound } from './campaigns.service';
import { toJobDto } from './campaigns.repository';
import { type JobDto } from './campaigns.schemas';
import { checkFilters } from './searchFilters.schemas';
import { stopJob } from './searchJobs.service';
import { findUserJob, lockUserJob } from './searches.repository';
import { startSearch } from './startSearch.service';
import type { StartSearchBody } from './searches.schemas';

/**
 * POST /api/searches: the user starts a search filling one of their lists. Location and list are required (spec §5),
 * the filters are checked against the type, the list is locked and must be of the search's type; then `startSearch`.
 * Answers the job id; a refusal is a 422 naming the field.
 */
export async function startUserSearch(
  db: Db,
  queue: JobQueue,
  clock: Clock,
  userId: number,
  body: StartSearchBody,
): Promise<number> {
  // Spec §5: location and list must be chosen before continuing.
  const missing: FieldIssue[] = [];
  if (!body.location?.trim()) missing.push({ field: 'location', code: 'leadSearch.location_and_list' });
  if (!body.campaign_id) missing.push({ field: 'campaign_id', code: 'leadSearch.location_and_list' });
  if (missing.length) throw validationError(...missing);
  const filters = checkFilters(body.type, body.filters ?? {});
  const location = body.location!.trim();
  await freshLeadSources();

  return db.transaction(async (tx) => {
    const campaign = await loadCampaign(tx, userId, body.campaign_id!, { forUpdate: true });
    if (campaign.list_type !== body.type) {
      throw unprocessable('leadSearch.list_type_mismatch', 'campaign_id', {
        listType: campaign.list_type,
        searchType: body.type,
      });
    }
    const started = await startSearch(
      tx,
      queue,
      {
        userId,
        campaign,
        location,
        filters,
        count: { exactly: body.count },
        skipKnown: body.duplicates === 'skip',
      },
      clock.now(),
    );
    if ('jobId' in started) return started.jobId;
    if (started.refused === 'job_running') throw unprocessable('leadSearch.job_running', 'campaign_id');
    if (started.refused === 'no_credits') throw unprocessable('leadSearch.no_credits', 'count', { cost: started.cost });
    throw unprocessable('leadSearch.limit_exceeded', 'count', { count: body.count, remaining: started.remaining });
  });
}

/** The user's search job; 404 when it is not theirs. */
export async function loadJob(db: Queryable, userId: number, id: number): Promise<JobDto> {
  const row = await findUserJob(db, userId, id);
  if (!row) throw notFound();
  return toJobDto(row);
}

/** Stops the user's running search (what it found stays, the unused reservation goes back); 404 when it is not theirs. */
export async function stopUserSearch(db: Db, queue: JobQueue, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockUserJob(tx, userId, id);
    if (!job) throw notFound();
    if (job.status === 'running') await stopJob(tx, queue, job.id);
  });
}
