import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import { assistantKeys } from './types';

export type FineTunesPage = ApiResponse<'/api/business-details/fine-tunes', 'get'>;

/** GET /api/business-details/fine-tunes: the user's prompts of a list type (standard ones first), with their defaults. */
export const getFineTunes = async (type: string) =>
  (
    await apiClient.get<FineTunesPage>('/api/business-details/fine-tunes', {
      params: { type, show_default: true, pageSize: 100 },
    })
  ).data;

export const fineTunesQuery = (type: string) =>
  queryOptions({ queryKey: assistantKeys.prompts(type), queryFn: () => getFineTunes(type) });

export const useFineTunes = (type: string) => useQuery(fineTunesQuery(type));
