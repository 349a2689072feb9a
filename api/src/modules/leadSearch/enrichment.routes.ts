import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { listTypeIn, type ListPath } from './listPath';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { validationError } from '../../http/errors';
import type { SearchType } from '../../providers/leads';
import { say } from '../../http/respond';
import { loadCampaign, notFound } from './campaigns.service';
import { ResultFiltersBody } from './results.schemas';
import { actorOf } from './listHistory.routes';
import { EnrichmentJobSchema, type EnrichmentKind } from './campaigns.schemas';
import { IdParams, MessageProperties, Nullable, Type } from '../../http/contract';
import { MAX_LABELS } from './resultLabels.repository';
import { createEnrichmentJob, labelSelection } from './enrichment.service';
import { ENRICH_MAX_ROWS } from './enrichmentJob.service';

/**
 * `POST /api/{type}-results/{id}/get-phones` (people, group), `…/get-employees` (local, company,
 * domain), `/api/influencer-results/{id}/enrich`: each request is one queued enrichment job over the
 * selection (api/src/workers/leadEnrichment.ts), answered 202 with the job; the list shows its
 * progress (`campaign.enrichment`). Spec §9 costs are charged per item stored, in the transaction
 * that stores it, once; when the credits run out the job stops there (`stopped_no_credits`).
 */
export function enrichmentRoutes(api: FastifyInstance, { db, queue, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };
  /** The properties of a selection (enrichmentJob.service's Selection): checked ids, or every row matching the filters. */
  const selectionProperties = (maxIds: number) => ({
    ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 9007199254740991 }), { maxItems: maxIds, uniqueItems: true }),
    ),
    all_matching: Type.Optional(Type.Boolean()),
    filters: Type.Optional(ResultFiltersBody),
  });
  async function listOf(userId: number, type: SearchType, id: number) {
    const campaign = await loadCampaign(db, userId, id);
    if (campaign.list_type !== type) throw notFound();
    return campaign;
  }

  const summaries: Record<EnrichmentKind, string> = {
    'get-phones': 'Find phone numbers for the selected results (queued; charged per number found)',
    'get-employees': 'Find employees of the selected companies (queued; charged per employee found)',
    enrich: 'Enrich the selected creators (queued; charged per creator enriched)',
    'find-similar':
      'Find people like the selected ones: same role and seniority at similar companies (queued; charged per person found with a contact)',
  };
  const EnrichmentQueued = Type.Object({ ...MessageProperties, job: EnrichmentJobSchema });
  const enrichRoute = (kind: EnrichmentKind, path: ListPath<`/${EnrichmentKind}`>) =>
    app.post(
      path,
      {
        ...guard,
        schema: {
          summary: summaries[kind],
          params: IdParams,
          body: Type.Object(selectionProperties(ENRICH_MAX_ROWS), { additionalProperties: false }),
          response: { 202: EnrichmentQueued },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const campaign = await listOf(userId, listTypeIn(path), request.params.id);
        const job = await createEnrichmentJob(db, queue, userId, campaign.id, kind, request.body);
        reply.code(202);
        return { ...say(request, 'leadSearch.enrichment_queued', { n: job.total }), job };
      },
    );
  // Each path written out (a grep for one finds its registration): get-phones and find-similar for PHONE_TYPES,
  // get-employees for the types of EMPLOYEE_COST (test/openapi.test.ts holds them to those tables).
  enrichRoute('get-phones', '/api/people-results/:id/get-phones');
  enrichRoute('get-phones', '/api/group-results/:id/get-phones');
  enrichRoute('find-similar', '/api/people-results/:id/find-similar');
  enrichRoute('find-similar', '/api/group-results/:id/find-similar');
  enrichRoute('get-employees', '/api/local-results/:id/get-employees');
  enrichRoute('get-employees', '/api/company-results/:id/get-employees');
  enrichRoute('get-employees', '/api/domain-results/:id/get-employees');
  enrichRoute('enrich', '/api/influencer-results/:id/enrich');

  /** `POST /api/{type}-results/{id}/labels`: add or remove custom labels on the selection (one statement, every matching row). */
  const labels = Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' }), {
      maxItems: MAX_LABELS,
      uniqueItems: true,
    }),
  );
  function labelsRoute(path: ListPath<'/labels'>): void {
    const type = listTypeIn(path);
    app.post(
      path,
      {
        ...guard,
        schema: {
          summary: 'Add or remove custom labels on the selected results (or every result matching the filters)',
          params: IdParams,
          response: {
            200: Type.Object({ ...MessageProperties, updated: Type.Integer(), undo_id: Nullable(Type.Integer()) }),
          },
          body: Type.Object(
            { ...selectionProperties(1000), add: labels, remove: labels },
            { additionalProperties: false },
          ),
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const campaign = await listOf(userId, type, request.params.id);
        const add = [...new Set((request.body.add ?? []).map((l) => l.trim()))];
        const remove = [...new Set((request.body.remove ?? []).map((l) => l.trim()))];
        if (add.length === 0 && remove.length === 0)
          throw validationError({ field: 'add', code: 'validation.required' });
        const { updated, undoId } = await labelSelection(db, {
          userId,
          campaignId: campaign.id,
          actor: actorOf(request),
          selection: request.body,
          add,
          remove,
          now: clock.now(),
        });
        return { ...say(request, 'leadSearch.labels_saved', { count: updated }), updated, undo_id: undoId };
      },
    );
  }

  labelsRoute('/api/people-results/:id/labels');
  labelsRoute('/api/local-results/:id/labels');
  labelsRoute('/api/company-results/:id/labels');
  labelsRoute('/api/domain-results/:id/labels');
  labelsRoute('/api/influencer-results/:id/labels');
  labelsRoute('/api/intent-results/:id/labels');
  labelsRoute('/api/group-results/:id/labels');
}
