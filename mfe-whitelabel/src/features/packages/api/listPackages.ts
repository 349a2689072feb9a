import { api, type ApiResponse } from '@leadsmith/shared';
import { type ResourceApi } from '@leadsmith/shared/resource';

/** Spec §3 Package (prices in cents), as GET /api/whitelabel/packages/{id} returns it. */
export type Package = ApiResponse<'/api/whitelabel/packages/{id}', 'get'>;
export type CustomField = Package['custom_fields'][number];
/** A package in the list, with its active subscribers and whether it has a sales page. */
export type PackageRow = ApiResponse<'/api/whitelabel/packages', 'get'>['data'][number];

export const packageKeys = {
  all: ['whitelabel', 'packages'] as const,
  detail: (id: number) => ['whitelabel', 'packages', 'detail', id] as const,
  sales: (id: number) => ['whitelabel', 'packages', 'sales', id] as const,
};

/** The packages' list for the kit (a package is read and saved by its own form: getPackage, savePackage). */
export const packagesApi: ResourceApi<PackageRow> = {
  key: packageKeys.all,
  list: ({ page, pageSize }, signal) =>
    api.get('/api/whitelabel/packages', { query: { page, pageSize }, config: { signal } }),
  remove: async (id) => {
    await api.delete('/api/whitelabel/packages/{id}', { path: { id } });
  },
};
