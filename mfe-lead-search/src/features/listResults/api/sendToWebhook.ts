import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import type { SearchType } from '../../../api/types';
import { resultKeys, type ResultFilters } from './getResults';

export interface SendToWebhookInput {
  type: SearchType;
  id: number;
  ids?: number[];
  allMatching?: { filters: Omit<ResultFilters, 'page' | 'limit'> };
}

/** POST /api/{type}-results/{id}/send-webhook: results go sending → sent / unsent (spec §4). */
export const sendToWebhook = async ({ type, id, ids, allMatching }: SendToWebhookInput) =>
  (
    await apiClient.post<ApiResponse<'/api/people-results/{id}/send-webhook', 'post'>>(
      `/api/${type}-results/${id}/send-webhook`,
      allMatching ? { all_matching: true, filters: allMatching.filters } : { ids },
    )
  ).data;

export function useSendToWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendToWebhook,
    onSettled: () => client.invalidateQueries({ queryKey: resultKeys.all }),
  });
}
