import type { Queryable, SqlParam } from '../../db';
import type { CrmId, ResultForCrm } from '../../providers/crm';
import { isoString } from '../../http/contract';

/** CRM send jobs (`crm_send_jobs`) and the results they carry (`campaign_results.crm_*`): the SQL of crmSend.service.ts and crmSendJob.service.ts. */
export interface CrmSendJobDto {
  id: number;
  campaign_id: number;
  provider: CrmId;
  status: 'running' | 'done';
  total: number;
  sent: number;
  unsent: number;
  created_at: string;
  finished_at: string | null;
}

export interface JobRow {
  id: number;
  user_id: number;
  account_id: number;
  campaign_id: number;
  provider: CrmId;
  autopilot_run_id: number | null;
  status: 'running' | 'done';
  total: number;
  sent: number;
  unsent: number;
  created_at: Date | string;
  finished_at: Date | string | null;
}

export const JOB_COLUMNS =
  'id, user_id, account_id, campaign_id, provider, autopilot_run_id, status, total, sent, unsent, created_at, finished_at';
export const toDto = (j: JobRow): CrmSendJobDto => ({
  id: j.id,
  campaign_id: j.campaign_id,
  provider: j.provider,
  status: j.status,
  total: j.total,
  sent: j.sent,
  unsent: j.unsent,
  created_at: isoString(j.created_at),
  finished_at: isoString(j.finished_at),
});

/** A result as a send reads it: what the CRM push maps, plus its id and list. */
export interface SendingRow extends ResultForCrm {
  id: number;
  data: Record<string, unknown>;
  list_name: string;
  list_type: string;
}

export async function insertCrmSendJob(
  tx: Queryable,
  a: {
    userId: number;
    accountId: number;
    campaignId: number;
    provider: CrmId;
    autopilotRunId: number | null;
    now: Date;
  },
): Promise<JobRow> {
  const { rows } = await tx.query<JobRow>(
    `INSERT INTO crm_send_jobs (user_id, account_id, campaign_id, provider, autopilot_run_id, total, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6) RETURNING ${JOB_COLUMNS}`,
    [a.userId, a.accountId, a.campaignId, a.provider, a.autopilotRunId, a.now.toISOString()],
  );
  return rows[0]!;
}

/**
 * Up to `limit` results matching `where` that are not still being looked up (nor already being sent) go to "sending"
 * under the job; returns how many.
 */
export async function markCrmSending(
  tx: Queryable,
  where: { sql: string; params: SqlParam[] },
  jobId: number,
  provider: CrmId,
  limit: number,
): Promise<number> {
  const p = where.params.length;
  const { rowCount } = await tx.query(
    `UPDATE campaign_results SET crm_status = 'sending', crm_job_id = $${p + 1}, crm_provider = $${p + 2}, crm_error = NULL, crm_error_detail = NULL
      WHERE id IN (SELECT r.id FROM campaign_results r
                    WHERE ${where.sql} AND r.email_status <> 'looking' AND r.crm_status IS DISTINCT FROM 'sending'
                    ORDER BY r.id LIMIT ${limit} FOR UPDATE)`,
    [...where.params, jobId, provider],
  );
  return rowCount;
}

export async function deleteCrmSendJob(tx: Queryable, jobId: number): Promise<void> {
  await tx.query('DELETE FROM crm_send_jobs WHERE id = $1', [jobId]);
}

export async function setCrmSendJobTotal(tx: Queryable, jobId: number, total: number): Promise<void> {
  await tx.query('UPDATE crm_send_jobs SET total = $2 WHERE id = $1', [jobId, total]);
}

export async function findRunningCrmSendJob(db: Queryable, jobId: number): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM crm_send_jobs WHERE id = $1 AND status = 'running'`,
    [jobId],
  );
  return rows[0] ?? null;
}

/** The job's next `limit` results still "sending", with their list's name and type. */
export async function crmSendingRows(db: Queryable, jobId: number, limit: number): Promise<SendingRow[]> {
  const { rows } = await db.query<SendingRow>(
    `SELECT r.id::int AS id, r.name, r.company, r.job_title, r.email, r.phone, r.website, r.city, r.data, c.name AS list_name, c.list_type
         FROM campaign_results r JOIN campaigns c ON c.id = r.campaign_id
        WHERE r.crm_job_id = $1 AND r.crm_status = 'sending' ORDER BY r.id LIMIT ${limit}`,
    [jobId],
  );
  return rows;
}

/** The job's results among `ids` become sent; returns how many. */
export async function markCrmSent(tx: Queryable, jobId: number, ids: number[]): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE campaign_results SET crm_status = 'sent', sent = true, crm_error = NULL, crm_error_detail = NULL WHERE crm_job_id = $1 AND id = ANY($2::bigint[])`,
    [jobId, `{${ids.join(',')}}`],
  );
  return rowCount;
}

/** The job's results among `ids` still "sending" become unsent with the CRM's error; returns how many. */
export async function markCrmUnsent(
  tx: Queryable,
  jobId: number,
  ids: number[],
  code: string,
  detail: string | null,
): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE campaign_results SET crm_status = 'unsent', crm_error = $3, crm_error_detail = $4 WHERE crm_job_id = $1 AND id = ANY($2::bigint[]) AND crm_status = 'sending'`,
    [jobId, `{${ids.join(',')}}`, code, detail],
  );
  return rowCount;
}

/** Every result of the job still "sending" becomes unsent with the error; returns how many. */
export async function markCrmRestUnsent(
  tx: Queryable,
  jobId: number,
  code: string,
  detail: string | null,
): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE campaign_results SET crm_status = 'unsent', crm_error = $2, crm_error_detail = $3 WHERE crm_job_id = $1 AND crm_status = 'sending'`,
    [jobId, code, detail],
  );
  return rowCount;
}

export async function addCrmSendJobCounts(tx: Queryable, jobId: number, sent: number, unsent: number): Promise<void> {
  await tx.query('UPDATE crm_send_jobs SET sent = sent + $2, unsent = unsent + $3 WHERE id = $1', [
    jobId,
    sent,
    unsent,
  ]);
}

export async function addAutopilotRunCrmCounts(
  tx: Queryable,
  runId: number,
  sent: number,
  unsent: number,
): Promise<void> {
  await tx.query('UPDATE autopilot_runs SET crm_sent = crm_sent + $2, crm_unsent = crm_unsent + $3 WHERE id = $1', [
    runId,
    sent,
    unsent,
  ]);
}

export async function crmSendJobHasSending(tx: Queryable, jobId: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    `SELECT 1 FROM campaign_results WHERE crm_job_id = $1 AND crm_status = 'sending' LIMIT 1`,
    [jobId],
  );
  return rowCount > 0;
}

export async function finishCrmSendJob(tx: Queryable, jobId: number, now: Date): Promise<void> {
  await tx.query(`UPDATE crm_send_jobs SET status = 'done', finished_at = $2 WHERE id = $1`, [
    jobId,
    now.toISOString(),
  ]);
}
