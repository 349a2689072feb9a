import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import type { CrmId } from './getCrmConnections';
import { resultKeys } from './getResults';
import { selectionPayload, type SelectionInput } from './selection';

/** The answer of a send (every list type answers the same shape). */
export type CrmSendStarted = ApiResponse<'/api/people-results/{id}/send-crm', 'post'>;
export type CrmSendJob = CrmSendStarted['job'];

export type SendToCrmInput = SelectionInput & { provider: CrmId };

/**
 * POST /api/{type}-results/{id}/send-crm: the selection goes to the CRM in the background; the list
 * polls while rows are "sending" and shows each one sent or unsent with the CRM's reason (spec §4).
 */
export const sendToCrm = async (input: SendToCrmInput) =>
  (
    await apiClient.post<CrmSendStarted>(`/api/${input.type}-results/${input.id}/send-crm`, {
      ...selectionPayload(input),
      provider: input.provider,
    })
  ).data;

export function useSendToCrm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendToCrm,
    onSettled: () => client.invalidateQueries({ queryKey: resultKeys.all }),
  });
}
