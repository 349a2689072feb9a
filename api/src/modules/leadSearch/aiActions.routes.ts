import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { listTypeIn, type ListPath } from './listPath';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { IdParams, MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import { say } from '../../http/respond';
import { loadCampaign, notFound } from './campaigns.service';
import type { AI_ACTION_LIST_TYPES } from './promptDefaults';
import { ResultFiltersBody } from './results.schemas';
import { AI_MAX_PROMPTS, AI_MAX_ROWS } from './aiActionJob.service';
import { loadAiJob, startAiAction } from './aiActions.service';

const AiJob = Type.Object({
  id: Type.Integer(),
  campaign_id: Type.Integer(),
  prompt_ids: Type.Array(Type.Integer()),
  status: StringEnum(['running', 'done', 'failed'] as const),
  total: Type.Integer(),
  processed: Type.Integer(),
  failed: Type.Integer(),
  error: Nullable(Type.String()),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
const AiJobStarted = Type.Object({ ...MessageProperties, job: AiJob });

/**
 * `POST /api/{people,local,company,influencer,intent,group}-results/{id}/ai`: runs prompts on a selection or
 * on every row matching the filters (first `AI_MAX_ROWS`). A small selection runs at once; a bigger
 * one is a job the worker steps (`GET .../ai-jobs/{jobId}` shows progress).
 */
export function aiActionRoutes(api: FastifyInstance, { db, queue }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };
  const jobParams = Type.Object(
    {
      id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
      jobId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    },
    { additionalProperties: false },
  );
  const body = Type.Object(
    {
      ids: Type.Optional(
        Type.Array(Type.Integer({ minimum: 1, maximum: 9007199254740991 }), {
          maxItems: AI_MAX_ROWS,
          uniqueItems: true,
        }),
      ),
      all_matching: Type.Optional(Type.Boolean()),
      filters: Type.Optional(ResultFiltersBody),
      prompt_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), {
        minItems: 1,
        maxItems: AI_MAX_PROMPTS,
        uniqueItems: true,
      }),
    },
    { additionalProperties: false },
  );

  type AiListType = (typeof AI_ACTION_LIST_TYPES)[number];
  function aiRoute(path: ListPath<'/ai', AiListType>): void {
    const type = listTypeIn(path);
    const runSchema = {
      summary: `Runs AI prompts on ${type} results of a list (small selections at once, others as a job)`,
      params: IdParams,
      body,
      response: { 201: AiJobStarted },
    };
    app.post(path, { ...guard, schema: runSchema }, async (request, reply) => {
      const userId = currentUser(request).id;
      const campaign = await loadCampaign(db, userId, request.params.id);
      if (campaign.list_type !== type) throw notFound();
      const { ids, all_matching, filters, prompt_ids } = request.body;
      const dto = await startAiAction(db, queue, {
        userId,
        campaign,
        ids,
        allMatching: all_matching,
        filters,
        promptIds: prompt_ids,
      });
      reply.code(201);
      return {
        ...(dto.status === 'running'
          ? say(request, 'leadSearch.assistant.ai_started', { total: dto.total })
          : say(request, 'leadSearch.assistant.ai_done', { processed: dto.processed, failed: dto.failed })),
        job: dto,
      };
    });
  }

  function aiJobRoute(path: ListPath<'/ai-jobs/:jobId', AiListType>): void {
    const type = listTypeIn(path);
    const jobSchema = { summary: 'Progress of an AI action on a list', params: jobParams, response: { 200: AiJob } };
    app.get(path, { ...guard, schema: jobSchema }, async (request) => {
      const userId = currentUser(request).id;
      const campaign = await loadCampaign(db, userId, request.params.id);
      if (campaign.list_type !== type) throw notFound();
      return loadAiJob(db, userId, campaign.id, request.params.jobId);
    });
  }

  // Each path written out (a grep for one finds its registration), for the list types of AI_ACTION_LIST_TYPES.
  aiRoute('/api/people-results/:id/ai');
  aiJobRoute('/api/people-results/:id/ai-jobs/:jobId');
  aiRoute('/api/local-results/:id/ai');
  aiJobRoute('/api/local-results/:id/ai-jobs/:jobId');
  aiRoute('/api/company-results/:id/ai');
  aiJobRoute('/api/company-results/:id/ai-jobs/:jobId');
  aiRoute('/api/influencer-results/:id/ai');
  aiJobRoute('/api/influencer-results/:id/ai-jobs/:jobId');
  aiRoute('/api/intent-results/:id/ai');
  aiJobRoute('/api/intent-results/:id/ai-jobs/:jobId');
  aiRoute('/api/group-results/:id/ai');
  aiJobRoute('/api/group-results/:id/ai-jobs/:jobId');
}
