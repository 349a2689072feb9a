/**
 * Intent lists' tracking: a list's key (made on first view) with its visit counts, and a page view recorded from
 * the tracked site, which wakes the list's running intent search (searchJobs.service.ts turns visits into results
 * through the lead provider's `identifyVisitor`). The SQL is in intent.repository.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db';
import type { JobQueue } from '../../queue/jobQueue';
import { notFound } from './campaigns.service';
import { enqueueSearchJob } from '../../workers/searchJob';
import {
  findTracking,
  insertVisit,
  intentListByKey,
  keepTrackingKey,
  runningJobIds,
  visitStats,
} from './intent.repository';

/** The user's intent list's tracking key (made on first view) and its visits; 404 for any other list. */
export async function listTracking(
  db: Db,
  userId: number,
  id: number,
): Promise<{ key: string; visits: { total: number; pending: number; last_at: string | null } }> {
  const row = await findTracking(db, userId, id);
  if (!row || row.list_type !== 'intent') throw notFound();
  // Made on first view; COALESCE keeps the first key if two views race.
  const key = row.tracking_key ?? (await keepTrackingKey(db, userId, id, randomBytes(16).toString('hex')));
  const stats = await visitStats(db, id);
  return {
    key,
    visits: {
      total: stats.total,
      pending: stats.pending,
      last_at: stats.last_at ? new Date(stats.last_at).toISOString() : null,
    },
  };
}

/** Records one page view for the list of the tracking key (404 for an unknown key) and wakes its running search. */
export async function recordVisit(
  db: Db,
  queue: JobQueue,
  visit: { key: string; url: string; referrer: string | null; ip: string; userAgent: string | null },
): Promise<void> {
  const campaignId = await intentListByKey(db, visit.key);
  if (campaignId === undefined) throw notFound();
  await insertVisit(db, { campaignId, ...visit });
  // A running intent search waits for visits: this one wakes it (at most one queued per job).
  for (const jobId of await runningJobIds(db, campaignId)) await enqueueSearchJob(queue, jobId);
}
