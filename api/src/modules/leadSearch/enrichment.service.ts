import type { Db } from '../../db';
import type { JobQueue } from '../../queue/jobQueue';
import { enqueueEnrichmentJob } from '../../workers/leadEnrichment';
import type { EnrichmentJobDto, EnrichmentKind } from './campaigns.schemas';
import { recordListEvent, type ListActor } from './listHistory.repository';
import { recordOperation } from './listOperations.repository';
import { countPendingRows, insertEnrichmentJob } from './enrichment.repository';
import { ENRICH_MAX_ROWS, PENDING, selectionWhere, type Selection } from './enrichmentJob.service';
import { applyLabels, catalogueLabels, forgetLabelOperation } from './resultLabels.repository';

/**
 * Records an enrichment request (`enrichment_jobs`, status running) and enqueues its job in the same
 * transaction: the row exists if and only if its job does.
 */
export async function createEnrichmentJob(
  db: Db,
  queue: JobQueue,
  userId: number,
  campaignId: number,
  kind: EnrichmentKind,
  selection: Selection,
): Promise<EnrichmentJobDto> {
  const where = selectionWhere(campaignId, selection);
  const stored: Selection = selection.all_matching
    ? { all_matching: true, filters: selection.filters ?? {} }
    : { ids: selection.ids };
  return db.transaction(async (tx) => {
    const total = await countPendingRows(tx, where, PENDING[kind], ENRICH_MAX_ROWS);
    const job = await insertEnrichmentJob(tx, { campaignId, userId, kind, selection: stored, total });
    if (job.status === 'running') await enqueueEnrichmentJob(queue, job.id, tx);
    return job;
  });
}

/**
 * Adds and removes custom labels on a selection of a list, in one transaction, undoable from its toast: the change is
 * journalled under a list operation (forgotten when it changed nothing) and recorded in the list's history.
 */
export async function labelSelection(
  db: Db,
  a: {
    userId: number;
    campaignId: number;
    actor: ListActor;
    selection: Selection;
    add: string[];
    remove: string[];
    now: Date;
  },
): Promise<{ updated: number; undoId: number | null }> {
  const selection = selectionWhere(a.campaignId, a.selection);
  return db.transaction(async (tx) => {
    // The change is undoable from its toast: the statement journals the label rows it adds and removes.
    const operation = await recordOperation(tx, a.userId, 'label', [a.campaignId], a.now);
    const count = await applyLabels(tx, selection, await catalogueLabels(tx, a.userId, a.add), a.remove, operation);
    if (count > 0)
      await recordListEvent(tx, a.campaignId, a.actor, 'label_change', {
        count,
        added: a.add.join(', ') || null,
        removed: a.remove.join(', ') || null,
      });
    else await forgetLabelOperation(tx, operation);
    return { updated: count, undoId: count > 0 ? operation : null };
  });
}
