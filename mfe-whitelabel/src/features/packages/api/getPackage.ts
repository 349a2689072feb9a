import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { packageKeys, type Package } from './listPackages';

export async function getPackage(id: number, signal?: AbortSignal): Promise<Package> {
  const { data } = await apiClient.get<Package>(`/api/whitelabel/packages/${id}`, { signal });
  return data;
}

export const packageQueryOptions = (id: number) => queryOptions({ queryKey: packageKeys.detail(id), queryFn: ({ signal }) => getPackage(id, signal), enabled: id > 0 });

export const usePackage = (id: number) => useQuery(packageQueryOptions(id));
