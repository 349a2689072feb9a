import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { labelOptionKeys } from './getLabelOptions';
import { resultKeys } from './getResults';
import { selectionPayload, type SelectionInput } from './selection';
import type { Undoable } from '../../../api/undoOperation';

export type SetLabelsInput = SelectionInput & { add?: string[]; remove?: string[] };

/** POST /api/{type}-results/{id}/labels: custom labels added to or removed from the selection; undoable (see showUndoToast). */
export const setLabels = async (input: SetLabelsInput) =>
  (
    await apiClient.post<Undoable & { updated: number }>(
      `/api/${input.type}-results/${input.id}/labels`,
      { ...selectionPayload(input), add: input.add, remove: input.remove },
      { ownToast: true },
    )
  ).data;

export function useSetLabels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLabels,
    // A new label name joins the account's catalogue: the label filter and the Custom labels page show it.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: resultKeys.all }),
        client.invalidateQueries({ queryKey: labelOptionKeys.catalogue }),
      ]),
  });
}
