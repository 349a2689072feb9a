/**
 * The undo of a bulk change (issue 29 item 5, ADR 034): claimed once within its window, then reversed in the same
 * transaction. The SQL is in listOperations.repository.ts.
 */
import type { Db } from '../../db';
import { ApiError } from '../../http/errors';
import {
  claimOperation,
  operationExists,
  restoreCampaigns,
  restoreResults,
  revertLabels,
  setArchived,
  type ListOperationKind,
} from './listOperations.repository';

/**
 * Reverses the owner's operation `id` once, in one transaction: 404 when it is not the owner's, 409 `undo_expired`
 * once its window has passed or it was already undone. Answers its kind and how many lists or results it gave back.
 */
export async function undoOperation(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<{ kind: ListOperationKind; count: number }> {
  return db.transaction(async (tx) => {
    const claimed = await claimOperation(tx, userId, id, now);
    if (!claimed) {
      throw (await operationExists(tx, userId, id))
        ? new ApiError(409, 'leadSearch.undo_expired')
        : new ApiError(404, 'not_found');
    }
    switch (claimed.kind) {
      case 'archive':
      case 'unarchive':
        return {
          kind: claimed.kind,
          count: await setArchived(tx, userId, claimed.campaign_ids, claimed.kind === 'unarchive'),
        };
      case 'delete':
        return { kind: 'delete', count: await restoreCampaigns(tx, userId, claimed.campaign_ids) };
      case 'delete_results':
        return { kind: 'delete_results', count: await restoreResults(tx, userId, id) };
      case 'label':
        return { kind: 'label', count: await revertLabels(tx, userId, id) };
    }
  });
}
