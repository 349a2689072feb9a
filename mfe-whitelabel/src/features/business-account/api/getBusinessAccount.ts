import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** The reseller's branding (its business-settings row; `data` null until first saved), as GET /api/whitelabel/business-account returns it. */
export type BusinessAccountAnswer = ApiResponse<'/api/whitelabel/business-account', 'get'>;
export type BusinessAccount = NonNullable<BusinessAccountAnswer['data']>;

export const businessAccountKeys = { all: ['whitelabel', 'business-account'] as const };

export const getBusinessAccount = (signal?: AbortSignal): Promise<BusinessAccountAnswer> =>
  api.get('/api/whitelabel/business-account', { config: { signal } });

export const businessAccountQueryOptions = () =>
  queryOptions({ queryKey: businessAccountKeys.all, queryFn: ({ signal }) => getBusinessAccount(signal) });

export const useBusinessAccount = () => useQuery(businessAccountQueryOptions());
