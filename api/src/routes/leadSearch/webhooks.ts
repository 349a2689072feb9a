import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { listTypeIn, type ListPath } from '../../modules/leadSearch/listPath';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { MessageProperties, Nullable, Type } from '../../http/contract';
import type { Clock } from '../../clock';
import type { Db, SqlParam } from '../../db';
import { claimEffects } from '../../effects/externalEffects';
import { queueOf } from '../../queue/jobQueue';
import { enqueueWebhookCheck } from '../../workers/listWebhook';
import type { SearchType } from '../../providers/leads';
import { say } from '../respond';
import { loadCampaign, notFound } from '../../modules/leadSearch/campaigns.service';
import { suppressedAmong, suppressionDetail } from '../../modules/leadSearch/suppressions.repository';
import { resultFiltersSchema, resultWhere, type ResultFilters } from '../../modules/leadSearch/resultQuery.repository';
import { actorOf } from '../../modules/leadSearch/listHistory.routes';
import { recordListEvent } from '../../modules/leadSearch/listHistory.repository';
import { checkWebhookUrl } from './webhookGuard';
import { deliverListWebhook, WEBHOOK_MAX_ROWS } from './listWebhookDelivery';

const idParams = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);

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

interface WebhookRow {
  webhook_url: string | null;
  webhook_secret: string | null;
}

/**
 * Sends results of a list to its webhook (one signed POST of at most WEBHOOK_MAX_ROWS results; the
 * list toolbar's action and webhook autopilots). Spec §4: the rows go sending → sent / unsent. The
 * URL is checked again at send time (the host may resolve elsewhere now: DNS rebinding).
 *
 * Exactly once: the delivery gets an id (`delivery_id` in the body, `X-Webhook-Delivery` header)
 * recorded in external_effects in the transaction that marks the rows "sending", together with a
 * queued check that runs after the lease. The POST happens outside any transaction; its outcome and
 * the rows' statuses are recorded together. If the process dies in between, the check finds the
 * delivery still "sending" and delivers it again with the same id (receivers drop a repeat), so no
 * row stays "sending" longer than EFFECT_LEASE_SECONDS + the check's delay.
 */
export async function sendToListWebhook(
  db: Db,
  clock: Clock,
  list: { id: number; name: string; type: SearchType },
  hook: { url: string; secret: string },
  where: { sql: string; params: SqlParam[] },
): Promise<{ sent: number; unsent: number }> {
  const deliveryId = `list-webhook:${list.id}:${randomUUID()}`;
  // Mark first (own transaction) so the list shows "sending".
  const rows = await db.transaction(async (tx) => {
    const picked = (
      await tx.query<{ id: number }>(
        `SELECT r.id::int AS id FROM campaign_results r
          WHERE ${where.sql} AND r.email_status <> 'looking' AND NOT (r.crm_status = 'sending' AND r.crm_job_id IS NOT NULL)
          ORDER BY r.id LIMIT ${WEBHOOK_MAX_ROWS} FOR UPDATE`,
        where.params,
      )
    ).rows;
    // A webhook send replaces what an earlier, finished CRM send left on the row (crmSend.ts); rows a
    // CRM send still holds ("sending" under its job) are left to it, or its answer would be lost.
    // Rows on the do-not-contact list are refused, each with the reason, and left out of the delivery.
    const suppressed = await suppressedAmong(
      tx,
      picked.map((r) => r.id),
    );
    for (const by of new Set(suppressed.values())) {
      const refusedIds = [...suppressed].filter(([, b]) => b === by).map(([id]) => id);
      await tx.query(
        `UPDATE campaign_results SET crm_status = 'unsent', crm_job_id = NULL, crm_provider = NULL, crm_error = 'suppressed', crm_error_detail = $2 WHERE id = ANY($1::bigint[])`,
        [`{${refusedIds.join(',')}}`, suppressionDetail(by)],
      );
    }
    const sending = picked.map((r) => r.id).filter((id) => !suppressed.has(id));
    if (sending.length) {
      await tx.query(
        `UPDATE campaign_results SET crm_status = 'sending', crm_job_id = NULL, crm_provider = NULL, crm_error = NULL, crm_error_detail = NULL WHERE id = ANY($1::bigint[])`,
        [`{${sending.join(',')}}`],
      );
      await claimEffects(tx, 'webhook', [deliveryId]);
      await enqueueWebhookCheck(queueOf(db), { deliveryId, listId: list.id, resultIds: sending }, tx);
    }
    return { sending, refused: suppressed.size };
  });
  if (!rows.sending.length) return { sent: 0, unsent: rows.refused };
  const outcome = await deliverListWebhook(db, clock, deliveryId, list, hook, rows.sending);
  return { sent: outcome.sent, unsent: outcome.unsent + rows.refused };
}

/** List webhooks (spec §7 campaign-webhook, campaign-webhook-setup) and sending results to them. */
export function webhookRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  async function webhookOf(userId: number, id: number): Promise<WebhookRow> {
    const row = (
      await db.query<WebhookRow>('SELECT webhook_url, webhook_secret FROM campaigns WHERE id = $1 AND user_id = $2', [
        id,
        userId,
      ])
    ).rows[0];
    if (!row) throw notFound();
    return row;
  }

  app.get<{ Params: { id: number } }>(
    '/api/campaign-webhook/:id',
    { ...guard, schema: { summary: "A list's webhook", params: idParams, response: { 200: CampaignWebhook } } },
    async (request) => {
      const row = await webhookOf(currentUser(request).id, request.params.id);
      return { campaign_id: request.params.id, url: row.webhook_url, secret: row.webhook_secret };
    },
  );

  app.post<{ Params: { id: number }; Body: { url: string; regenerate_secret?: boolean } }>(
    '/api/campaign-webhook-setup/:id',
    {
      ...guard,
      schema: {
        summary: "Sets a list's webhook URL (checked against private addresses) and its signing secret",
        params: idParams,
        body: objectSchema(
          { url: { type: 'string', minLength: 1, maxLength: 2000 }, regenerate_secret: { type: 'boolean' } },
          ['url'],
        ),
        response: { 200: CampaignWebhookSaved },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const current = await webhookOf(userId, request.params.id);
      const verdict = await checkWebhookUrl(request.body.url.trim());
      if (!verdict.ok) {
        if (verdict.reason === 'invalid_url') throw validationError({ field: 'url', code: 'validation.url' });
        throw unprocessable(
          verdict.reason === 'private_address'
            ? 'leadSearch.webhook_private_address'
            : 'leadSearch.webhook_unresolvable',
          'url',
        );
      }
      const secret =
        !current.webhook_secret || request.body.regenerate_secret
          ? randomBytes(24).toString('hex')
          : current.webhook_secret;
      await db.query(
        'UPDATE campaigns SET webhook_url = $3, webhook_secret = $4, updated_at = now() WHERE id = $1 AND user_id = $2',
        [request.params.id, userId, verdict.url.toString(), secret],
      );
      return {
        ...say(request, 'leadSearch.webhook_saved'),
        campaign_id: request.params.id,
        url: verdict.url.toString(),
        secret,
      };
    },
  );

  function sendWebhookRoute(path: ListPath<'/send-webhook'>): void {
    const type = listTypeIn(path);
    app.post<{ Params: { id: number }; Body: { ids?: number[]; all_matching?: boolean; filters?: ResultFilters } }>(
      path,
      {
        ...guard,
        schema: {
          summary: `Sends ${type} results of a list to its webhook (one signed POST)`,
          params: idParams,
          response: { 200: WebhookSent },
          body: objectSchema({
            ids: {
              type: 'array',
              maxItems: WEBHOOK_MAX_ROWS,
              uniqueItems: true,
              items: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
            },
            all_matching: { type: 'boolean' },
            filters: resultFiltersSchema,
          }),
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const campaign = await loadCampaign(db, userId, request.params.id);
        if (campaign.list_type !== type) throw notFound();
        const { ids, all_matching, filters } = request.body;
        if (!all_matching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
        const hook = await webhookOf(userId, campaign.id);
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
