import type { FastifyInstance } from 'fastify';
import { listTypeIn, type ListPath } from '../../modules/leadSearch/listPath';
import { enqueueAiJob } from '../../workers/aiJob';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import { aiProvider } from '../../providers/ai';
import { say } from '../respond';
import { loadCampaign, notFound } from '../../modules/leadSearch/campaigns.service';
import { resolvePrompts, type FineTuneDto } from '../../modules/leadSearch/fineTunes.service';
import type { AI_ACTION_LIST_TYPES } from '../../modules/leadSearch/promptDefaults';
import { aiBulkActions } from '@leadsmith/shared/constants';
import { platformAiModel } from '../../modules/admin/aiModel.service';
import {
  AI_INLINE_ROWS,
  AI_MAX_PROMPTS,
  AI_MAX_ROWS,
  JOB_COLUMNS,
  requireProfileFor,
  selectionSql,
  stepAiJob,
  toJobDto,
  type AiJobRow,
} from './aiActionJob';
import { resultFiltersSchema, type ResultFilters } from '../../modules/leadSearch/resultQuery.repository';

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

type Selection = { ids?: number[]; all_matching?: boolean; filters?: ResultFilters; prompt_ids: number[] };

/**
 * `POST /api/{people,local,company,influencer,intent,group}-results/{id}/ai`: runs prompts on a selection or
 * on every row matching the filters (first `AI_MAX_ROWS`). A small selection runs at once; a bigger
 * one is a job the worker steps (`GET .../ai-jobs/{jobId}` shows progress).
 */
export function aiActionRoutes(app: FastifyInstance, { db, queue }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };
  const params = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);
  const jobParams = objectSchema(
    {
      id: { type: 'integer', minimum: 1, maximum: 2147483647 },
      jobId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    },
    ['id', 'jobId'],
  );
  const body = objectSchema(
    {
      ids: {
        type: 'array',
        maxItems: AI_MAX_ROWS,
        uniqueItems: true,
        items: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
      },
      all_matching: { type: 'boolean' },
      filters: resultFiltersSchema,
      prompt_ids: {
        type: 'array',
        minItems: 1,
        maxItems: AI_MAX_PROMPTS,
        uniqueItems: true,
        items: { type: 'integer', minimum: 1, maximum: 2147483647 },
      },
    },
    ['prompt_ids'],
  );

  type AiListType = (typeof AI_ACTION_LIST_TYPES)[number];
  function aiRoute(path: ListPath<'/ai', AiListType>): void {
    const type = listTypeIn(path);
    const runSchema = {
      summary: `Runs AI prompts on ${type} results of a list (small selections at once, others as a job)`,
      params,
      body,
      response: { 201: AiJobStarted },
    };
    app.post<{ Params: { id: number }; Body: Selection }>(
      path,
      { ...guard, schema: runSchema },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const campaign = await loadCampaign(db, userId, request.params.id);
        if (campaign.list_type !== type) throw notFound();
        const { ids, all_matching, filters, prompt_ids } = request.body;
        if (!all_matching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
        // Spec §9: the GPT-3.5 version has no bulk actions; one result at a time still works.
        if ((all_matching || ids!.length > 1) && !aiBulkActions(await platformAiModel(db)))
          throw unprocessable('ai.bulk_unavailable', all_matching ? 'all_matching' : 'ids');
        const prompts: FineTuneDto[] = await resolvePrompts(db, userId, prompt_ids);
        if (prompts.some((p) => p.list_type !== type))
          throw validationError({ field: 'prompt_ids', code: 'validation.invalid' });
        await requireProfileFor(db, userId);
        const selection: AiJobRow['selection'] = all_matching
          ? { filters: { ...(filters ?? {}), page: 1 } }
          : { ids: ids! };
        const where = selectionSql(campaign.id, selection);
        const total = (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM (SELECT 1 FROM campaign_results r WHERE ${where.sql} AND r.email_status <> 'looking' LIMIT ${AI_MAX_ROWS}) s`,
            where.params,
          )
        ).rows[0]!.n;
        // The job row and its queued work appear together (a small selection's job finds itself done).
        const job = await db.transaction(async (tx) => {
          const row = (
            await tx.query<AiJobRow>(
              `INSERT INTO lead_ai_jobs (user_id, campaign_id, prompt_ids, selection, total, status) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6) RETURNING ${JOB_COLUMNS}`,
              [
                userId,
                campaign.id,
                JSON.stringify(prompt_ids),
                JSON.stringify(selection),
                total,
                total === 0 ? 'done' : 'running',
              ],
            )
          ).rows[0]!;
          if (total > 0) await enqueueAiJob(queue, row.id, tx);
          return row;
        });
        if (total > 0 && total <= AI_INLINE_ROWS) await stepAiJob(db, aiProvider(), job.id, AI_INLINE_ROWS);
        const fresh = (await db.query<AiJobRow>(`SELECT ${JOB_COLUMNS} FROM lead_ai_jobs WHERE id = $1`, [job.id]))
          .rows[0]!;
        reply.code(201);
        const dto = toJobDto(fresh);
        return {
          ...(dto.status === 'running'
            ? say(request, 'leadSearch.assistant.ai_started', { total: dto.total })
            : say(request, 'leadSearch.assistant.ai_done', { processed: dto.processed, failed: dto.failed })),
          job: dto,
        };
      },
    );
  }

  function aiJobRoute(path: ListPath<'/ai-jobs/:jobId', AiListType>): void {
    const type = listTypeIn(path);
    const jobSchema = { summary: 'Progress of an AI action on a list', params: jobParams, response: { 200: AiJob } };
    app.get<{ Params: { id: number; jobId: number } }>(path, { ...guard, schema: jobSchema }, async (request) => {
      const userId = currentUser(request).id;
      const campaign = await loadCampaign(db, userId, request.params.id);
      if (campaign.list_type !== type) throw notFound();
      const row = (
        await db.query<AiJobRow>(
          `SELECT ${JOB_COLUMNS} FROM lead_ai_jobs WHERE id = $1 AND campaign_id = $2 AND user_id = $3`,
          [request.params.jobId, campaign.id, userId],
        )
      ).rows[0];
      if (!row) throw notFound();
      return toJobDto(row);
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
