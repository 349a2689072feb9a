import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiResponse } from '@leadsmith/shared';

export type ApiKeyPage = ApiResponse<'/api/user-api-key', 'get'>;
export type ApiKey = ApiKeyPage['data'][number];

export const apiKeyKeys = {
  all: ['settings', 'api-keys'] as const,
  page: (page: number) => ['settings', 'api-keys', page] as const,
};

export const getApiKeys = (page: number): Promise<ApiKeyPage> =>
  api.get('/api/user-api-key', { query: { page, pageSize: DEFAULT_PAGE_SIZE } });

export const apiKeysQueryOptions = (page: number) =>
  queryOptions({ queryKey: apiKeyKeys.page(page), queryFn: () => getApiKeys(page), placeholderData: keepPreviousData });

export const useApiKeys = (page: number) => useQuery(apiKeysQueryOptions(page));
