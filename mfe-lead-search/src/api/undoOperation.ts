import { apiClient } from '@leadsmith/shared';

/** POST /api/list-operations/{id}/undo: reverses a bulk archive, delete or label change, or a deletion of results (issue 29, ADR 034). */
export const undoOperation = async (id: number) =>
  (
    await apiClient.post<{ kind: 'archive' | 'unarchive' | 'delete' | 'label' | 'delete_results'; count: number }>(
      `/api/list-operations/${id}/undo`,
    )
  ).data;

/** The answer of a call whose change can be undone: its message is shown by showUndoToast, not by the client. */
export interface Undoable {
  message: string;
  undo_id: number | null;
}
