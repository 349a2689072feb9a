import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** Spec §3 Package (prices in cents), as GET /api/whitelabel/packages/{id} returns it. */
export type Package = ApiResponse<'/api/whitelabel/packages/{id}', 'get'>;
export type CustomField = Package['custom_fields'][number];
/** A package in the list, with its active subscribers and whether it has a sales page. */
export type PackageRow = ApiResponse<'/api/whitelabel/packages', 'get'>['data'][number];

export const PACKAGE_PAGE_SIZE = 20;

export const packageKeys = {
  all: ['whitelabel', 'packages'] as const,
  list: (page: number) => ['whitelabel', 'packages', 'list', page] as const,
  detail: (id: number) => ['whitelabel', 'packages', 'detail', id] as const,
  sales: (id: number) => ['whitelabel', 'packages', 'sales', id] as const,
};

export const listPackages = (page: number, signal?: AbortSignal) => api.get('/api/whitelabel/packages', { query: { page, pageSize: PACKAGE_PAGE_SIZE }, config: { signal } });

export const packagesQueryOptions = (page: number) => queryOptions({ queryKey: packageKeys.list(page), queryFn: ({ signal }) => listPackages(page, signal), placeholderData: keepPreviousData });

export const usePackages = (page: number) => useQuery(packagesQueryOptions(page));
