import type { FastifyInstance } from 'fastify';
import { listTypeIn, type ListPath } from '../../modules/leadSearch/listPath';
import type { Queryable, SqlParam } from '../../db';
import type { JobQueue } from '../../queue/jobQueue';
import { enqueueCrmSend } from '../../workers/crmSend';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import {
  connectedCrms,
  CRM_DISPLAY_NAMES,
  CRM_IDS,
  crmHttpSettings,
  parentStoppedSharing,
  type CrmId,
} from '../../providers/crm';
import { say } from '../respond';
import { accountIdOf } from '../../modules/settings/account.repository';
import { loadCampaign, notFound } from '../../modules/leadSearch/campaigns.service';
import { CRM_SEND_MAX_ROWS, JOB_COLUMNS, toDto, type CrmSendJobDto, type JobRow } from './crmSendJob';
import { resultFiltersSchema, resultWhere, type ResultFilters } from '../../modules/leadSearch/resultQuery.repository';

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
  function sendCrmRoute(path: ListPath<'/send-crm'>): void {
    const type = listTypeIn(path);
    app.post<{
      Params: { id: number };
      Body: { provider?: CrmId; ids?: number[]; all_matching?: boolean; filters?: ResultFilters };
    }>(
      path,
      {
        ...guard,
        schema: {
          summary: `Queues ${type} results of a list for a connected CRM (answers 202 with the job)`,
          params: idParams,
          response: { 202: CrmSendStarted },
          body: objectSchema({
            provider: { type: 'string', enum: CRM_IDS },
            ids: {
              type: 'array',
              maxItems: 1000,
              uniqueItems: true,
              items: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
            },
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
        const chosen = request.body.provider;
        // A related account whose parent has a connection to this CRM but does not share it (any more, ADR 053) is told so.
        if (chosen && !connected.includes(chosen) && (await parentStoppedSharing(db, accountId, chosen))) {
          throw unprocessable('leadSearch.crm_not_shared', 'provider', { name: CRM_DISPLAY_NAMES[chosen] });
        }
        if (!connected.length) throw unprocessable('leadSearch.crm_connect_first', 'provider');
        const provider = chosen ?? connected[0]!;
        if (!connected.includes(provider))
          throw unprocessable('settings.crm_not_connected', 'provider', { name: CRM_DISPLAY_NAMES[provider] });
        const where = all_matching
          ? resultWhere(campaign.id, filters ?? {})
          : { sql: 'r.campaign_id = $1 AND r.id = ANY($2::bigint[])', params: [campaign.id, `{${ids!.join(',')}}`] };
        const job = await db.transaction((tx) =>
          queueCrmSend(tx, { userId, accountId, campaignId: campaign.id, provider, where, now: clock.now(), queue }),
        );
        if (!job) throw unprocessable('leadSearch.crm_nothing_to_send', 'ids');
        reply.code(202);
        return {
          ...say(request, 'leadSearch.crm_sending', { count: job.total, name: CRM_DISPLAY_NAMES[provider] }),
          job,
        };
      },
    );
  }

  // Each path written out: a grep for one finds its registration.
  sendCrmRoute('/api/people-results/:id/send-crm');
  sendCrmRoute('/api/local-results/:id/send-crm');
  sendCrmRoute('/api/company-results/:id/send-crm');
  sendCrmRoute('/api/domain-results/:id/send-crm');
  sendCrmRoute('/api/influencer-results/:id/send-crm');
  sendCrmRoute('/api/intent-results/:id/send-crm');
  sendCrmRoute('/api/group-results/:id/send-crm');
}
