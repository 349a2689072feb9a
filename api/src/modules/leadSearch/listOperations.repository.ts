/**
 * Undoable changes to lists and the trash (issue 29 item 5, ADR 034). A bulk archive, delete or label change
 * records an operation in the same transaction as the change; its undo, within UNDO_WINDOW_MS (plus a grace for
 * the request's way back), reverses exactly what it changed. The undo is claimed by one conditional UPDATE, so two
 * undos of the same operation (two tabs, two API processes) reverse it once. The SQL is here; the undo's steps in
 * listOperations.service.ts.
 */
import { TRASH_RETENTION_DAYS, UNDO_WINDOW_MS, type SearchType } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';

export type ListOperationKind = 'archive' | 'unarchive' | 'delete' | 'label' | 'delete_results';

/** The toast's countdown runs in the browser; the server accepts an undo sent up to this much later. */
export const UNDO_GRACE_MS = 5_000;

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * SQL: the list of the row `alias` (anything with a campaign_id: a result, an autopilot, a saved search) is not in the
 * trash. A list in the trash holds nothing for duplicates (its leads are new again; paid_contacts still keeps them from
 * being charged twice) and starts no scheduled search (ADR 034).
 */
export const listNotTrashedSql = (alias: string): string =>
  `NOT EXISTS (SELECT 1 FROM campaigns t WHERE t.id = ${alias}.campaign_id AND t.deleted_at IS NOT NULL)`;

/** Records an operation that changed `campaignIds` (inside the change's transaction); its id. */
export async function recordOperation(
  tx: Queryable,
  userId: number,
  kind: ListOperationKind,
  campaignIds: readonly number[],
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO list_operations (user_id, kind, campaign_ids, created_at, undo_until) VALUES ($1, $2, $3::int[], $4, $5) RETURNING id::int AS id',
    [userId, kind, idArray(campaignIds), now, new Date(now.getTime() + UNDO_WINDOW_MS + UNDO_GRACE_MS)],
  );
  return rows[0]!.id;
}

/**
 * The label rows a label change is about to add or remove go to the operation's journal: applyLabels's
 * statement writes them (see resultLabels.ts `journal`).
 */
export const labelJournalSql = (operationParam: string, gone: string | null, added: string | null): string =>
  `INSERT INTO list_operation_labels (operation_id, result_id, label, position, change) ${[
    gone ? `SELECT ${operationParam}::bigint, result_id, label, position, 'removed' FROM ${gone}` : null,
    added ? `SELECT ${operationParam}::bigint, result_id, label, position, 'added' FROM ${added}` : null,
  ]
    .filter(Boolean)
    .join(' UNION ALL ')}`;

/**
 * Deletes the results `ids` of the list `campaignId` (not those still looking) as an undoable operation: the statement
 * that deletes them keeps each row whole, with its labels, in the operation's journal (list_operation_results), before
 * the labels' trigger takes them away. How many, and the operation's id (null when nothing was deleted).
 */
export async function deleteResultsUndoably(
  tx: Queryable,
  userId: number,
  campaignId: number,
  ids: readonly number[],
  now: Date,
): Promise<{ count: number; undoId: number | null }> {
  const undoId = await recordOperation(tx, userId, 'delete_results', [campaignId], now);
  const { rowCount } = await tx.query(
    `WITH gone AS (DELETE FROM campaign_results r WHERE r.campaign_id = $2 AND r.id = ANY($3::bigint[]) AND r.email_status <> 'looking' RETURNING r.*)
     INSERT INTO list_operation_results (operation_id, result, labels)
     SELECT $1::bigint, to_jsonb(gone),
            COALESCE((SELECT jsonb_agg(jsonb_build_object('label', k.label, 'position', k.position)) FROM result_labels k WHERE k.result_id = gone.id), '[]'::jsonb)
       FROM gone`,
    [undoId, campaignId, `{${ids.join(',')}}`],
  );
  if (rowCount === 0) {
    await tx.query('DELETE FROM list_operations WHERE id = $1', [undoId]);
    return { count: 0, undoId: null };
  }
  return { count: rowCount, undoId };
}

/** Puts back the results journalled by the delete `id` (same ids, same labels) into the owner's lists that still exist; how many. */
export async function restoreResults(tx: Queryable, userId: number, id: number): Promise<number> {
  const { rows } = await tx.query<{ id: string; campaign_id: number }>(
    `INSERT INTO campaign_results
     SELECT x.* FROM list_operation_results j CROSS JOIN LATERAL jsonb_populate_record(NULL::campaign_results, j.result) x
      WHERE j.operation_id = $1 AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = x.campaign_id AND c.user_id = $2)
     ON CONFLICT DO NOTHING RETURNING id, campaign_id`,
    [id, userId],
  );
  if (!rows.length) return 0;
  await tx.query(
    `INSERT INTO result_labels (result_id, label, user_id, position)
     SELECT (j.result->>'id')::bigint, l->>'label', (j.result->>'user_id')::int, (l->>'position')::int
       FROM list_operation_results j CROSS JOIN LATERAL jsonb_array_elements(j.labels) l
      WHERE j.operation_id = $1 AND (j.result->>'id')::bigint = ANY($2::bigint[])
     ON CONFLICT DO NOTHING`,
    [id, `{${rows.map((r) => r.id).join(',')}}`],
  );
  const perList = new Map<number, number>();
  for (const r of rows) perList.set(r.campaign_id, (perList.get(r.campaign_id) ?? 0) + 1);
  for (const [campaignId, n] of perList)
    await tx.query('UPDATE campaigns SET result_count = result_count + $2, updated_at = now() WHERE id = $1', [
      campaignId,
      n,
    ]);
  return rows.length;
}

/**
 * Claims the owner's operation `id` for its undo: once, and only within its window. Its kind and lists, or
 * undefined when it is not the owner's, its window has passed or it was undone already.
 */
export async function claimOperation(
  tx: Queryable,
  userId: number,
  id: number,
  now: Date,
): Promise<{ kind: ListOperationKind; campaign_ids: number[] } | undefined> {
  return (
    await tx.query<{ kind: ListOperationKind; campaign_ids: number[] }>(
      'UPDATE list_operations SET undone_at = $3 WHERE id = $1 AND user_id = $2 AND undone_at IS NULL AND undo_until >= $3 RETURNING kind, campaign_ids',
      [id, userId, now],
    )
  ).rows[0];
}

/** Whether the operation `id` is the owner's (whatever its state). */
export async function operationExists(q: Queryable, userId: number, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM list_operations WHERE id = $1 AND user_id = $2', [id, userId])).rowCount > 0;
}

/** Sets `archived` on the owner's lists among `ids` that are not in the trash; how many. */
export async function setArchived(
  tx: Queryable,
  userId: number,
  ids: readonly number[],
  archived: boolean,
): Promise<number> {
  const { rowCount } = await tx.query(
    'UPDATE campaigns SET archived = $3, updated_at = now() WHERE user_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL',
    [userId, idArray(ids), archived],
  );
  return rowCount;
}

/**
 * Reverses the label change `id`: exactly the rows it touched. Labels it added come off, labels it removed go back
 * where they were (results deleted since then are left out). How many results it touched.
 */
export async function revertLabels(tx: Queryable, userId: number, id: number): Promise<number> {
  await tx.query(
    `DELETE FROM result_labels k USING list_operation_labels j
      WHERE j.operation_id = $1 AND j.change = 'added' AND k.result_id = j.result_id AND k.label = j.label AND k.user_id = $2`,
    [id, userId],
  );
  await tx.query(
    `INSERT INTO result_labels (result_id, label, user_id, position)
     SELECT j.result_id, j.label, r.user_id, j.position FROM list_operation_labels j JOIN campaign_results r ON r.id = j.result_id
      WHERE j.operation_id = $1 AND j.change = 'removed' AND r.user_id = $2
     ON CONFLICT DO NOTHING`,
    [id, userId],
  );
  const results = await tx.query<{ n: number }>(
    'SELECT count(DISTINCT result_id)::int AS n FROM list_operation_labels WHERE operation_id = $1',
    [id],
  );
  return results.rows[0]?.n ?? 0;
}

/** Takes the owner's lists among `ids` out of the trash; how many. */
export async function restoreCampaigns(q: Queryable, userId: number, ids: readonly number[]): Promise<number> {
  return (
    await q.query(
      'UPDATE campaigns SET deleted_at = NULL, updated_at = now() WHERE user_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NOT NULL',
      [userId, idArray(ids)],
    )
  ).rowCount;
}

/** Deletes the owner's list `id` from the trash for good (its results, labels and jobs go with it); false when it is not there. */
export async function deleteFromTrash(q: Queryable, userId: number, id: number): Promise<boolean> {
  return (
    (await q.query('DELETE FROM campaigns WHERE id = $1 AND user_id = $2 AND deleted_at IS NOT NULL', [id, userId]))
      .rowCount > 0
  );
}

export interface TrashedCampaignRow {
  id: number;
  name: string;
  list_type: SearchType;
  result_count: number;
  deleted_at: Date | string;
}

/** A page of the owner's trash, most recently deleted first. */
export async function listTrash(
  q: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: TrashedCampaignRow[]; total: number }> {
  const total =
    (
      await q.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM campaigns WHERE user_id = $1 AND deleted_at IS NOT NULL',
        [userId],
      )
    ).rows[0]?.n ?? 0;
  const { rows } = await q.query<TrashedCampaignRow>(
    `SELECT id, name, list_type, result_count, deleted_at FROM campaigns WHERE user_id = $1 AND deleted_at IS NOT NULL
      ORDER BY deleted_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
    [userId],
  );
  return { rows, total };
}

/** When a list deleted at `deletedAt` is purged. */
export const purgeAt = (deletedAt: Date): Date => new Date(deletedAt.getTime() + TRASH_RETENTION_DAYS * 86_400_000);

/** Lists deleted per purge statement: each statement's cascade (results, labels, jobs) stays bounded. */
const PURGE_BATCH = 20;

/**
 * Deletes for good every list whose trash time is over, a batch per statement, and forgets operations past any
 * undo (a day old). Idempotent: a second run (another process, a retry) finds nothing left. How many lists it purged.
 */
export async function purgeTrash(q: Queryable, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 86_400_000);
  let purged = 0;
  for (;;) {
    const { rowCount } = await q.query(
      `DELETE FROM campaigns WHERE id IN (SELECT id FROM campaigns WHERE deleted_at IS NOT NULL AND deleted_at <= $1 ORDER BY deleted_at LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)`,
      [cutoff],
    );
    purged += rowCount;
    if (rowCount < PURGE_BATCH) break;
  }
  await q.query('DELETE FROM list_operations WHERE created_at < $1', [new Date(now.getTime() - 86_400_000)]);
  return purged;
}
