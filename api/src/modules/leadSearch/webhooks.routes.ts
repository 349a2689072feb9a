import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { listTypeIn, type ListPath } from './listPath';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError } from '../../http/errors';
import { IdParams, MessageProperties, Nullable, Type } from '../../http/contract';
import { say } from '../../http/respond';
import { loadCampaign, notFound } from './campaigns.service';
import { resultWhere } from './resultQuery.repository';
import { ResultFiltersBody } from './results.schemas';
import { actorOf } from './listHistory.routes';
import { recordListEvent } from './listHistory.repository';
import { WEBHOOK_MAX_ROWS } from './listWebhookDelivery.service';
import { sendToListWebhook, setListWebhook, webhookOf } from './webhooks.service';

const CampaignWebhook = Type.Object({
  campaign_id: Type.Integer(),
  url: Nullable(Type.String()),
  secret: Nullable(
    Type.String({
      description:
        'Signs each delivery: X-Webhook-Signature is sha256=<hex HMAC of "<timestamp>.<body>">, with X-Webhook-Timestamp.',
    }),
  ),
});
const CampaignWebhookSaved = Type.Object({
  ...MessageProperties,
  campaign_id: Type.Integer(),
  url: Type.String(),
  secret: Type.String(),
});
const WebhookSent = Type.Object({ ...MessageProperties, sent: Type.Integer(), unsent: Type.Integer() });

/** List webhooks (spec §7 campaign-webhook, campaign-webhook-setup) and sending results to them. */
export function webhookRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get(
    '/api/campaign-webhook/:id',
    { ...guard, schema: { summary: "A list's webhook", params: IdParams, response: { 200: CampaignWebhook } } },
    async (request) => {
      const row = await webhookOf(db, currentUser(request).id, request.params.id);
      return { campaign_id: request.params.id, url: row.webhook_url, secret: row.webhook_secret };
    },
  );

  app.post(
    '/api/campaign-webhook-setup/:id',
    {
      ...guard,
      schema: {
        summary: "Sets a list's webhook URL (checked against private addresses) and its signing secret",
        params: IdParams,
        body: Type.Object(
          { url: Type.String({ minLength: 1, maxLength: 2000 }), regenerate_secret: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
        response: { 200: CampaignWebhookSaved },
      },
    },
    async (request) => {
      const { url, secret } = await setListWebhook(
        db,
        currentUser(request).id,
        request.params.id,
        request.body.url,
        request.body.regenerate_secret ?? false,
      );
      return {
        ...say(request, 'leadSearch.webhook_saved'),
        campaign_id: request.params.id,
        url,
        secret,
      };
    },
  );

  function sendWebhookRoute(path: ListPath<'/send-webhook'>): void {
    const type = listTypeIn(path);
    app.post(
      path,
      {
        ...guard,
        schema: {
          summary: `Sends ${type} results of a list to its webhook (one signed POST)`,
          params: IdParams,
          response: { 200: WebhookSent },
          body: Type.Object(
            {
              ids: Type.Optional(
                Type.Array(Type.Integer({ minimum: 1, maximum: 9007199254740991 }), {
                  maxItems: WEBHOOK_MAX_ROWS,
                  uniqueItems: true,
                }),
              ),
              all_matching: Type.Optional(Type.Boolean()),
              filters: Type.Optional(ResultFiltersBody),
            },
            { additionalProperties: false },
          ),
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const campaign = await loadCampaign(db, userId, request.params.id);
        if (campaign.list_type !== type) throw notFound();
        const { ids, all_matching, filters } = request.body;
        if (!all_matching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
        const hook = await webhookOf(db, userId, campaign.id);
        if (!hook.webhook_url || !hook.webhook_secret)
          throw unprocessable('leadSearch.list_has_no_webhook', 'campaign_id');
        const where = all_matching
          ? resultWhere(campaign.id, filters ?? {})
          : { sql: 'r.campaign_id = $1 AND r.id = ANY($2::bigint[])', params: [campaign.id, `{${ids!.join(',')}}`] };
        const { sent, unsent } = await sendToListWebhook(
          db,
          clock,
          { id: campaign.id, name: campaign.name, type },
          { url: hook.webhook_url, secret: hook.webhook_secret },
          where,
        );
        await recordListEvent(db, campaign.id, actorOf(request), 'webhook_send', { sent, unsent });
        return { ...say(request, 'leadSearch.webhook_sent', { sent, unsent }), sent, unsent };
      },
    );
  }

  // Each path written out: a grep for one finds its registration.
  sendWebhookRoute('/api/people-results/:id/send-webhook');
  sendWebhookRoute('/api/local-results/:id/send-webhook');
  sendWebhookRoute('/api/company-results/:id/send-webhook');
  sendWebhookRoute('/api/domain-results/:id/send-webhook');
  sendWebhookRoute('/api/influencer-results/:id/send-webhook');
  sendWebhookRoute('/api/intent-results/:id/send-webhook');
  sendWebhookRoute('/api/group-results/:id/send-webhook');
}
