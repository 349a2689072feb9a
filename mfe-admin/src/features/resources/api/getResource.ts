import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { resourceKeys, type ResourceItem } from './listResource';

export async function getResource(base: string, id: number, signal?: AbortSignal): Promise<ResourceItem> {
  const { data } = await apiClient.get<ResourceItem>(`${base}/${id}`, { signal });
  return data;
}

export const resourceQueryOptions = (base: string, id: number) =>
  queryOptions({ queryKey: resourceKeys.detail(base, id), queryFn: ({ signal }) => getResource(base, id, signal), enabled: id > 0 });

export const useResource = (base: string, id: number) => useQuery(resourceQueryOptions(base, id));
