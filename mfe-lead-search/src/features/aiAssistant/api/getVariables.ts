import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { assistantKeys } from './types';

export interface PromptVariables {
  type: string;
  result: string[];
  business: string[];
}

/** GET /api/business-details/get-fine-tunes-variables: the placeholders a prompt of a list type can use. */
export const getVariables = async (type: string) => (await apiClient.get<PromptVariables>('/api/business-details/get-fine-tunes-variables', { params: { type } })).data;

export const variablesQuery = (type: string) => queryOptions({ queryKey: assistantKeys.variables(type), queryFn: () => getVariables(type), staleTime: Infinity });

export const useVariables = (type: string) => useQuery(variablesQuery(type));
