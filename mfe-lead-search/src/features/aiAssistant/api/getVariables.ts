import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import { assistantKeys } from './types';

export type PromptVariables = ApiResponse<'/api/business-details/get-fine-tunes-variables', 'get'>;

/** GET /api/business-details/get-fine-tunes-variables: the placeholders a prompt of a list type can use. */
export const getVariables = async (type: string) =>
  (await apiClient.get<PromptVariables>('/api/business-details/get-fine-tunes-variables', { params: { type } })).data;

export const variablesQuery = (type: string) =>
  queryOptions({ queryKey: assistantKeys.variables(type), queryFn: () => getVariables(type), staleTime: Infinity });

export const useVariables = (type: string) => useQuery(variablesQuery(type));
