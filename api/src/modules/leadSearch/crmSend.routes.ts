import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { listTypeIn, type ListPath } from './listPath';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { validationError } from '../../http/errors';
import { IdParams, MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import { CRM_DISPLAY_NAMES, CRM_IDS, crmHttpSettings } from '../../providers/crm';
import { say } from '../../http/respond';
import { loadCampaign, notFound } from './campaigns.service';
import { resultFiltersSchema, resultWhere, type ResultFilters } from './resultQuery.repository';
import { startCrmSend } from './crmSend.service';

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

/**
 * `POST /api/{type}-results/{id}/send-crm`: the list toolbar's "crm" action. Queues the selection
 * (checked rows or every row matching the filters, up to CRM_SEND_MAX_ROWS) for the chosen CRM (or
 * the account's first connected one) and answers 202 with the job; the list shows each result go
 * sending → sent / unsent, with the CRM's error on the result.
 */
export function crmSendRoutes(api: FastifyInstance, { db, clock, queue }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };
  // A bad CRM_* setting stops the start with the variable's name, not the first send.
  crmHttpSettings();
  function sendCrmRoute(path: ListPath<'/send-crm'>): void {
    const type = listTypeIn(path);
    app.post(
      path,
      {
        ...guard,
        schema: {
          summary: `Queues ${type} results of a list for a connected CRM (answers 202 with the job)`,
          params: IdParams,
          response: { 202: CrmSendStarted },
          body: Type.Object(
            {
              provider: Type.Optional(StringEnum(CRM_IDS)),
              ids: Type.Optional(
                Type.Array(Type.Integer({ minimum: 1, maximum: 9007199254740991 }), {
                  maxItems: 1000,
                  uniqueItems: true,
                }),
              ),
              all_matching: Type.Optional(Type.Boolean()),
              filters: Type.Optional(Type.Unsafe<ResultFilters>(resultFiltersSchema)),
            },
            { additionalProperties: false },
          ),
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const campaign = await loadCampaign(db, userId, request.params.id);
        if (campaign.list_type !== type) throw notFound();
        const { ids, all_matching, filters } = request.body;
        if (!all_matching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
        const where = all_matching
          ? resultWhere(campaign.id, filters ?? {})
          : { sql: 'r.campaign_id = $1 AND r.id = ANY($2::bigint[])', params: [campaign.id, `{${ids!.join(',')}}`] };
        const { job, provider } = await startCrmSend(db, queue, {
          userId,
          campaignId: campaign.id,
          provider: request.body.provider,
          where,
          now: clock.now(),
        });
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
