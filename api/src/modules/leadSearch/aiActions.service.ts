import { aiBulkActions } from '@leadsmith/shared/constants';
import type { Db } from '../../db';
import { unprocessable, validationError } from '../../http/errors';
import { aiProvider } from '../../providers/ai';
import type { JobQueue } from '../../queue/jobQueue';
import { notFound } from './campaigns.service';
import { resolvePrompts, type FineTuneDto } from './fineTunes.service';
import type { ResultFilters } from './resultQuery.repository';
import type { SearchType } from '../../providers/leads';
import { enqueueAiJob } from '../../workers/aiJob';
import { platformAiModel } from '../admin/aiModel.service';
import {
  countAiRows,
  findAiJob,
  findListAiJob,
  insertAiJob,
  toJobDto,
  type AiJobDto,
  type AiJobRow,
} from './aiActions.repository';
import { AI_INLINE_ROWS, AI_MAX_ROWS, requireProfileFor, selectionSql, stepAiJob } from './aiActionJob.service';

/**
 * Starts an AI action on a selection of a list (or every row matching the filters, first `AI_MAX_ROWS`): bulk actions
 * need a model that has them (spec §9), the prompts must be the user's for the list's type, the business profile
 * complete. The job row and its queued work appear together; a small selection runs at once (its job finds itself
 * done). Answers the job as it stands.
 */
export async function startAiAction(
  db: Db,
  queue: JobQueue,
  a: {
    userId: number;
    campaign: { id: number; list_type: SearchType };
    ids?: number[];
    allMatching?: boolean;
    filters?: ResultFilters;
    promptIds: number[];
  },
): Promise<AiJobDto> {
  const { userId, campaign, ids, allMatching } = a;
  if (!allMatching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
  // Spec §9: the GPT-3.5 version has no bulk actions; one result at a time still works.
  if ((allMatching || ids!.length > 1) && !aiBulkActions(await platformAiModel(db)))
    throw unprocessable('ai.bulk_unavailable', allMatching ? 'all_matching' : 'ids');
  const prompts: FineTuneDto[] = await resolvePrompts(db, userId, a.promptIds);
  if (prompts.some((p) => p.list_type !== campaign.list_type))
    throw validationError({ field: 'prompt_ids', code: 'validation.invalid' });
  await requireProfileFor(db, userId);
  const selection: AiJobRow['selection'] = allMatching ? { filters: { ...(a.filters ?? {}), page: 1 } } : { ids: ids! };
  const where = selectionSql(campaign.id, selection);
  const total = await countAiRows(db, where, AI_MAX_ROWS);
  // The job row and its queued work appear together (a small selection's job finds itself done).
  const job = await db.transaction(async (tx) => {
    const row = await insertAiJob(tx, { userId, campaignId: campaign.id, promptIds: a.promptIds, selection, total });
    if (total > 0) await enqueueAiJob(queue, row.id, tx);
    return row;
  });
  if (total > 0 && total <= AI_INLINE_ROWS) await stepAiJob(db, aiProvider(), job.id, AI_INLINE_ROWS);
  return toJobDto((await findAiJob(db, job.id))!);
}

/** The user's AI job on the list; 404 when it is not. */
export async function loadAiJob(db: Db, userId: number, campaignId: number, jobId: number): Promise<AiJobDto> {
  const row = await findListAiJob(db, userId, campaignId, jobId);
  if (!row) throw notFound();
  return toJobDto(row);
}
