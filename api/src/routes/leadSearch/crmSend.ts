import type { FastifyInstance } from 'fastify';
import type { Db, Queryable, SqlParam } from '../../db';
import { claimEffects, settleEffects } from '../../effects/externalEffects';
import type { JobQueue } from '../../queue/jobQueue';
import { enqueueCrmSend } from '../../workers/crmSend';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import {
  connectedCrms,
  contactFromResult,
  CRM_DISPLAY_NAMES,
  CRM_IDS,
  crmAdapter,
  crmHttpSettings,
  loadCrmConnection,
  loadFieldMappings,
  pushContacts,
  saveCrmTokens,
  serializedRefresh,
  type CrmErrorCode,
  type CrmId,
  type PushOutcome,
} from '../../providers/crm';
import { SEARCH_TYPES } from '../../providers/leads';
import { say } from '../respond';
import { accountIdOf } from '../settings/account';
import { loadCampaign, notFound } from './campaignStore';
import { suppressedAmong, suppressionDetail, type SuppressedBy } from './suppressionStore';
import { resultFiltersSchema, resultWhere, type ResultFilters } from './resultQuery';

/** Most results one send queues (a bounded background job; send the rest with another). */
export const CRM_SEND_MAX_ROWS = 5000;
/** Results pushed per worker step and job (one CRM request each, or one request for a webhook CRM). */
export const CRM_SEND_BATCH = 25;
/** Errors that say the connection itself is unusable: the rest of the job fails at once with the same reason. */
const FATAL: ReadonlySet<CrmErrorCode> = new Set(['auth_failed', 'not_connected', 'not_configured', 'address_refused']);

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

interface JobRow {
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

const JOB_COLUMNS = 'id, user_id, account_id, campaign_id, provider, autopilot_run_id, status, total, sent, unsent, created_at, finished_at';
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const toDto = (j: JobRow): CrmSendJobDto => ({
  id: j.id,
  campaign_id: j.campaign_id,
  provider: j.provider,
  status: j.status,
  total: j.total,
  sent: j.sent,
  unsent: j.unsent,
  created_at: iso(j.created_at)!,
  finished_at: iso(j.finished_at),
});

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
  const job = (
    await tx.query<JobRow>(
      `INSERT INTO crm_send_jobs (user_id, account_id, campaign_id, provider, autopilot_run_id, total, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6) RETURNING ${JOB_COLUMNS}`,
      [a.userId, a.accountId, a.campaignId, a.provider, a.autopilotRunId ?? null, a.now.toISOString()],
    )
  ).rows[0]!;
  const p = a.where.params.length;
  const { rowCount } = await tx.query(
    `UPDATE campaign_results SET crm_status = 'sending', crm_job_id = $${p + 1}, crm_provider = $${p + 2}, crm_error = NULL, crm_error_detail = NULL
      WHERE id IN (SELECT r.id FROM campaign_results r
                    WHERE ${a.where.sql} AND r.email_status <> 'looking' AND r.crm_status IS DISTINCT FROM 'sending'
                    ORDER BY r.id LIMIT ${CRM_SEND_MAX_ROWS} FOR UPDATE)`,
    [...a.where.params, job.id, a.provider],
  );
  if (rowCount === 0) {
    await tx.query('DELETE FROM crm_send_jobs WHERE id = $1', [job.id]);
    return null;
  }
  await tx.query('UPDATE crm_send_jobs SET total = $2 WHERE id = $1', [job.id, rowCount]);
  await enqueueCrmSend(a.queue, job.id, tx);
  return toDto({ ...job, total: rowCount });
}

interface SendingRow {
  id: number;
  name: string;
  company: string | null;
  job_title: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  city: string | null;
  data: Record<string, unknown>;
  list_name: string;
  list_type: string;
}

/** Records a batch's outcomes in one transaction: results, the job's counters, and the autopilot run's when it has one. */
async function record(db: Db, job: JobRow, ids: number[], outcomes: PushOutcome[], now: Date, failRest: { code: CrmErrorCode; detail: string | null } | null): Promise<void> {
  await db.transaction(async (tx) => {
    await settleEffects(
      tx,
      ids.map((id, i) => {
        const o = outcomes[i];
        return { key: pushKey(job.id, id), ok: Boolean(o?.ok), outcome: o && !o.ok ? { code: o.code, detail: o.detail?.slice(0, 300) ?? null } : undefined };
      }),
    );
    const sentIds = ids.filter((_, i) => outcomes[i]?.ok);
    let sent = 0;
    let unsent = 0;
    if (sentIds.length) {
      sent = (
        await tx.query(`UPDATE campaign_results SET crm_status = 'sent', sent = true, crm_error = NULL, crm_error_detail = NULL WHERE crm_job_id = $1 AND id = ANY($2::bigint[])`, [
          job.id,
          `{${sentIds.join(',')}}`,
        ])
      ).rowCount;
    }
    // One UPDATE per distinct error (a batch usually fails for one reason).
    const failed = new Map<string, { code: CrmErrorCode; detail: string | null; ids: number[] }>();
    ids.forEach((id, i) => {
      const o = outcomes[i];
      if (!o || o.ok) return;
      const key = `${o.code}\n${o.detail ?? ''}`;
      const group = failed.get(key) ?? { code: o.code, detail: o.detail, ids: [] };
      group.ids.push(id);
      failed.set(key, group);
    });
    for (const g of failed.values()) {
      unsent += (
        await tx.query(
          `UPDATE campaign_results SET crm_status = 'unsent', crm_error = $3, crm_error_detail = $4 WHERE crm_job_id = $1 AND id = ANY($2::bigint[]) AND crm_status = 'sending'`,
          [job.id, `{${g.ids.join(',')}}`, g.code, g.detail?.slice(0, 300) ?? null],
        )
      ).rowCount;
    }
    if (failRest) {
      unsent += (
        await tx.query(`UPDATE campaign_results SET crm_status = 'unsent', crm_error = $2, crm_error_detail = $3 WHERE crm_job_id = $1 AND crm_status = 'sending'`, [
          job.id,
          failRest.code,
          failRest.detail?.slice(0, 300) ?? null,
        ])
      ).rowCount;
    }
    await tx.query('UPDATE crm_send_jobs SET sent = sent + $2, unsent = unsent + $3 WHERE id = $1', [job.id, sent, unsent]);
    if (job.autopilot_run_id) {
      await tx.query('UPDATE autopilot_runs SET crm_sent = crm_sent + $2, crm_unsent = crm_unsent + $3 WHERE id = $1', [job.autopilot_run_id, sent, unsent]);
    }
    const left = (await tx.query(`SELECT 1 FROM campaign_results WHERE crm_job_id = $1 AND crm_status = 'sending' LIMIT 1`, [job.id])).rowCount;
    if (!left) await tx.query(`UPDATE crm_send_jobs SET status = 'done', finished_at = $2 WHERE id = $1`, [job.id, now.toISOString()]);
  });
}

/**
 * One step of one send job: the next batch of its "sending" results goes to the CRM (no
 * transaction is held during the call), then each result becomes sent, or unsent with the CRM's
 * error. A dead connection (refused credentials, disconnected CRM) fails the rest of the job at once.
 * Returns whether the job still has results to send.
 */
export async function stepCrmSendJob(db: Db, appSecret: string, jobId: number, now: () => Date): Promise<boolean> {
  const job = (await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM crm_send_jobs WHERE id = $1 AND status = 'running'`, [jobId])).rows[0];
  if (!job) return false;
  let rows = (
    await db.query<SendingRow>(
      `SELECT r.id::int AS id, r.name, r.company, r.job_title, r.email, r.phone, r.website, r.city, r.data, c.name AS list_name, c.list_type
         FROM campaign_results r JOIN campaigns c ON c.id = r.campaign_id
        WHERE r.crm_job_id = $1 AND r.crm_status = 'sending' ORDER BY r.id LIMIT ${CRM_SEND_BATCH}`,
      [job.id],
    )
  ).rows;
  if (!rows.length) {
    await record(db, job, [], [], now(), null);
    return false;
  }
  // Each row's push is recorded before the call: a row another worker is pushing right now (or one a
  // dead worker left, until its lease ends) is not pushed again.
  const owned = await claimEffects(db, 'crm_push', rows.map((r) => pushKey(job.id, r.id)));
  if (!owned.size) throw new Error(`CRM send ${job.id}: its next rows are being pushed by another worker`);
  rows = rows.filter((r) => owned.has(pushKey(job.id, r.id)));
  const ids = rows.map((r) => r.id);
  // Rows on the do-not-contact list (checked now, not when queued: an entry added meanwhile counts) are refused with the reason.
  const suppressed = await suppressedAmong(db, ids);
  const refused = (by: SuppressedBy): PushOutcome => ({ ok: false, code: 'suppressed', detail: suppressionDetail(by) });
  const pushRows = rows.filter((r) => !suppressed.has(r.id));
  const connection = await loadCrmConnection(db, job.account_id, job.provider, appSecret);
  let pushed: PushOutcome[];
  if (!pushRows.length) {
    pushed = [];
  } else if (!connection) {
    pushed = pushRows.map(() => ({ ok: false, code: 'not_connected', detail: null }));
  } else {
    const mappings = await loadFieldMappings(db, job.account_id, job.provider);
    const contacts = pushRows.map((r) => contactFromResult(r, r.list_type, r.list_name));
    pushed = await pushContacts(connection, contacts, mappings, {
      onTokens: (tokens) => saveCrmTokens(db, job.account_id, job.provider, tokens, appSecret),
      // One refresh at a time per connection, across workers: GoHighLevel and Keap rotate refresh tokens.
      refreshTokens: serializedRefresh(db, job.account_id, job.provider, appSecret, (tokens) => crmAdapter(job.provider).refresh(tokens)),
    });
  }
  const byId = new Map(pushRows.map((r, i) => [r.id, pushed[i]!]));
  const outcomes = rows.map((r) => byId.get(r.id) ?? refused(suppressed.get(r.id)!));
  const fatal = outcomes.find((o): o is Extract<PushOutcome, { ok: false }> => !o.ok && FATAL.has(o.code));
  await record(db, job, ids, outcomes, now(), fatal ? { code: fatal.code, detail: fatal.detail } : null);
  return !fatal;
}

/** The idempotency key of one result's push in one send job. */
const pushKey = (jobId: number, resultId: number) => `crm:${jobId}:${resultId}`;

const CrmSendJob = Type.Object({
  id: Type.Integer(),
  campaign_id: Type.Integer(),
  provider: StringEnum(CRM_IDS),
  status: StringEnum(['running', 'done'] as const),
  total: Type.Integer(),
  sent: Type.Integer(),
  unsent: Type.Integer(),
  created_at: Timestamp(),
  finished_at: Nullable(Timestamp()),
});
const CrmSendStarted = Type.Object({ ...MessageProperties, job: CrmSendJob });

const idParams = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);

/**
 * `POST /api/{type}-results/{id}/send-crm`: the list toolbar's "crm" action. Queues the selection
 * (checked rows or every row matching the filters, up to CRM_SEND_MAX_ROWS) for the chosen CRM (or
 * the account's first connected one) and answers 202 with the job; the list shows each result go
 * sending → sent / unsent, with the CRM's error on the result.
 */
export function crmSendRoutes(app: FastifyInstance, { db, clock, queue }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };
  // A bad CRM_* setting stops the start with the variable's name, not the first send.
  crmHttpSettings();
  for (const type of SEARCH_TYPES) {
    app.post<{ Params: { id: number }; Body: { provider?: CrmId; ids?: number[]; all_matching?: boolean; filters?: ResultFilters } }>(
      `/api/${type}-results/:id/send-crm`,
      {
        ...guard,
        schema: {
          summary: `Queues ${type} results of a list for a connected CRM (answers 202 with the job)`,
          params: idParams,
          response: { 202: CrmSendStarted },
          body: objectSchema({
            provider: { type: 'string', enum: CRM_IDS },
            ids: { type: 'array', maxItems: 1000, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 9007199254740991 } },
            all_matching: { type: 'boolean' },
            filters: resultFiltersSchema,
          }),
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const campaign = await loadCampaign(db, userId, request.params.id);
        if (campaign.list_type !== type) throw notFound();
        const { ids, all_matching, filters } = request.body;
        if (!all_matching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
        const accountId = await accountIdOf(db, userId);
        const connected = await connectedCrms(db, accountId);
        if (!connected.length) throw unprocessable('leadSearch.crm_connect_first', 'provider');
        const provider = request.body.provider ?? connected[0]!;
        if (!connected.includes(provider)) throw unprocessable('settings.crm_not_connected', 'provider', { name: CRM_DISPLAY_NAMES[provider] });
        const where = all_matching ? resultWhere(campaign.id, filters ?? {}) : { sql: 'r.campaign_id = $1 AND r.id = ANY($2::bigint[])', params: [campaign.id, `{${ids!.join(',')}}`] };
        const job = await db.transaction((tx) => queueCrmSend(tx, { userId, accountId, campaignId: campaign.id, provider, where, now: clock.now(), queue }));
        if (!job) throw unprocessable('leadSearch.crm_nothing_to_send', 'ids');
        reply.code(202);
        return { ...say(request, 'leadSearch.crm_sending', { count: job.total, name: CRM_DISPLAY_NAMES[provider] }), job };
      },
    );
  }
}
