/**
 * Starting a search job, the one rule behind POST /api/searches, an autopilot run, a saved search's run
 * and a workflow's search node. The callers find and lock the list and say in their own words why a
 * search could not start; the SQL is in searches.repository.ts and users/searchLimit.ts.
 */
import { COST_PER_RECORD } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';
import { creditBalance } from '../../credits/ledger';
import { demoLeadProvider, providerFor, type SearchType } from '../../providers/leads';
import type { JobQueue } from '../../queue/jobQueue';
import { reserveSearchLimit, type SearchLimitWant } from '../../users/searchLimit';
import { enqueueSearchJob } from '../../workers/searchJob';
import { hasRunningSearch, insertSearchJob } from './searches.repository';

export interface SearchStart {
  userId: number;
  /** The list the search fills, locked (FOR UPDATE) by the caller in this transaction. */
  campaign: { id: number; list_type: SearchType; is_demo: boolean };
  location: string;
  filters: Record<string, unknown>;
  /** How many leads, from the monthly search limit. */
  count: SearchLimitWant;
  /** Leave out the leads the account already holds (a saved search's run) instead of marking them duplicate. */
  skipKnown?: boolean;
}

/** Why a search could not start: its list is being filled, no credits for one record, or not enough search limit left. */
export type SearchRefusal =
  | { refused: 'job_running' }
  | { refused: 'no_credits'; cost: number }
  | { refused: 'limit_reached'; remaining: number };

/**
 * In the caller's transaction: one running search per list, credits for one record of the list's type,
 * then the count is reserved from the monthly search limit; demo data (a demo list, or no real source
 * for the type) is free of both. The job is inserted, its list marked incomplete and the job queued in
 * the same transaction. A refusal changes nothing but the lazy monthly reset of the limit.
 */
export async function startSearch(
  tx: Queryable,
  queue: JobQueue,
  start: SearchStart,
  now: Date,
): Promise<{ jobId: number; count: number } | SearchRefusal> {
  const { campaign, userId } = start;
  if (await hasRunningSearch(tx, campaign.id)) return { refused: 'job_running' };
  // A demo list (sample data for trying the product) always gets the demo generator's leads.
  const provider = campaign.is_demo ? demoLeadProvider : providerFor(campaign.list_type);
  const cost = COST_PER_RECORD[campaign.list_type];
  let count = 'exactly' in start.count ? start.count.exactly : start.count.upTo;
  if (!provider.demo) {
    if ((await creditBalance(tx, userId)) < cost) return { refused: 'no_credits', cost };
    const reservation = await reserveSearchLimit(tx, userId, now, start.count);
    if (reservation.refused) return { refused: 'limit_reached', remaining: reservation.remaining };
    count = reservation.reserved;
  }
  const jobId = await insertSearchJob(tx, {
    campaignId: campaign.id,
    userId,
    searchType: campaign.list_type,
    location: start.location,
    filters: start.filters,
    provider: provider.id,
    demoData: provider.demo,
    requested: count,
    skipKnown: start.skipKnown ?? false,
  });
  await enqueueSearchJob(queue, jobId, tx);
  return { jobId, count };
}
