import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import { packageKeys } from './listPackages';

export type SalesSettingsAnswer = ApiResponse<'/api/whitelabel/packages/{id}/sales-settings', 'get'>;
/** Spec §3 Sales settings of one package. */
export type SalesSettings = NonNullable<SalesSettingsAnswer['data']>;

export async function getSalesSettings(id: number, signal?: AbortSignal): Promise<SalesSettingsAnswer> {
  const { data } = await apiClient.get<SalesSettingsAnswer>(`/api/whitelabel/packages/${id}/sales-settings`, {
    signal,
  });
  return data;
}

export const salesSettingsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: packageKeys.sales(id),
    queryFn: ({ signal }) => getSalesSettings(id, signal),
    enabled: id > 0,
  });

export const useSalesSettings = (id: number) => useQuery(salesSettingsQueryOptions(id));
