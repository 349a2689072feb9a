import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE } from '@leadsmith/shared';

export interface ApiKey {
  id: number;
  name: string;
  /** The first characters, to tell keys apart; the key itself is shown only at creation. */
  key_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ApiKeyPage {
  data: ApiKey[];
  currentPage: number;
  pageSize: number;
  total: number;
}

export const apiKeyKeys = { all: ['settings', 'api-keys'] as const, page: (page: number) => ['settings', 'api-keys', page] as const };

export async function getApiKeys(page: number): Promise<ApiKeyPage> {
  return (await apiClient.get<ApiKeyPage>('/api/user-api-key', { params: { page, pageSize: DEFAULT_PAGE_SIZE } })).data;
}

export const apiKeysQueryOptions = (page: number) => queryOptions({ queryKey: apiKeyKeys.page(page), queryFn: () => getApiKeys(page), placeholderData: keepPreviousData });

export const useApiKeys = (page: number) => useQuery(apiKeysQueryOptions(page));
