import type { Db, Queryable, SqlParam } from '../../db';
import { unprocessable } from '../../http/errors';
import type { JobQueue } from '../../queue/jobQueue';
import { connectedCrms, CRM_DISPLAY_NAMES, parentStoppedSharing, type CrmId } from '../../providers/crm';
import { enqueueCrmSend } from '../../workers/crmSend';
import { accountIdOf } from '../settings/account.repository';
import {
  deleteCrmSendJob,
  insertCrmSendJob,
  markCrmSending,
  setCrmSendJobTotal,
  toDto,
  type CrmSendJobDto,
} from './crmSend.repository';
import { CRM_SEND_MAX_ROWS } from './crmSendJob.service';

export interface QueueCrmSendArgs {
  userId: number;
  accountId: number;
  campaignId: number;
  provider: CrmId;
  /** Which results (a WHERE over `campaign_results r` whose $1 is the campaign id). */
  where: { sql: string; params: SqlParam[] };
  autopilotRunId?: number | null;
  now: Date;
  /** The job is enqueued in the caller's transaction: it exists if and only if the send does. */
  queue: JobQueue;
}

/**
 * Queues a CRM send in the caller's transaction: the selected results that are not still being
 * looked up (nor already being sent) go to "sending" (spec §4) and one job row carries them; the
 * worker pushes them in batches. Returns null when nothing was selected.
 */
export async function queueCrmSend(tx: Queryable, a: QueueCrmSendArgs): Promise<CrmSendJobDto | null> {
  const job = await insertCrmSendJob(tx, { ...a, autopilotRunId: a.autopilotRunId ?? null });
  const rowCount = await markCrmSending(tx, a.where, job.id, a.provider, CRM_SEND_MAX_ROWS);
  if (rowCount === 0) {
    await deleteCrmSendJob(tx, job.id);
    return null;
  }
  await setCrmSendJobTotal(tx, job.id, rowCount);
  await enqueueCrmSend(a.queue, job.id, tx);
  return toDto({ ...job, total: rowCount });
}

/**
 * The list toolbar's CRM send: the chosen CRM (or the account's first connected one) must be connected (or shared by
 * the parent account, ADR 053); the selection is queued in one transaction. 422 when no CRM is usable or nothing was
 * selected.
 */
export async function startCrmSend(
  db: Db,
  queue: JobQueue,
  a: { userId: number; campaignId: number; provider?: CrmId; where: { sql: string; params: SqlParam[] }; now: Date },
): Promise<{ job: CrmSendJobDto; provider: CrmId }> {
  const accountId = await accountIdOf(db, a.userId);
  const connected = await connectedCrms(db, accountId);
  const chosen = a.provider;
  // A related account whose parent has a connection to this CRM but does not share it (any more, ADR 053) is told so.
  if (chosen && !connected.includes(chosen) && (await parentStoppedSharing(db, accountId, chosen))) {
    throw unprocessable('leadSearch.crm_not_shared', 'provider', { name: CRM_DISPLAY_NAMES[chosen] });
  }
  if (!connected.length) throw unprocessable('leadSearch.crm_connect_first', 'provider');
  const provider = chosen ?? connected[0]!;
  if (!connected.includes(provider))
    throw unprocessable('settings.crm_not_connected', 'provider', { name: CRM_DISPLAY_NAMES[provider] });
  const job = await db.transaction((tx) =>
    queueCrmSend(tx, {
      userId: a.userId,
      accountId,
      campaignId: a.campaignId,
      provider,
      where: a.where,
      now: a.now,
      queue,
    }),
  );
  if (!job) throw unprocessable('leadSearch.crm_nothing_to_send', 'ids');
  return { job, provider };
}
