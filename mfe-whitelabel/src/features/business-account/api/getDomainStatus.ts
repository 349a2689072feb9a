import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type DomainStatus = ApiResponse<'/api/whitelabel/domain', 'get'>['data'];

export const domainKeys = { status: ['whitelabel', 'domain'] as const };

/** The reseller's domain, the TXT record proving it owns it, and when it was verified. */
export const getDomainStatus = (signal?: AbortSignal) =>
  api.get('/api/whitelabel/domain', { config: { signal } }).then((answer) => answer.data);

export const domainStatusQueryOptions = () =>
  queryOptions({ queryKey: domainKeys.status, queryFn: ({ signal }) => getDomainStatus(signal) });

export const useDomainStatus = (enabled: boolean) => useQuery({ ...domainStatusQueryOptions(), enabled });
