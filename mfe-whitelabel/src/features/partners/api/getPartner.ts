import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { partnerKeys, type Partner } from './listPartners';

export async function getPartner(id: number, signal?: AbortSignal): Promise<Partner> {
  const { data } = await apiClient.get<Partner>(`/api/whitelabel/partners/${id}`, { signal });
  return data;
}

export const partnerQueryOptions = (id: number) => queryOptions({ queryKey: partnerKeys.detail(id), queryFn: ({ signal }) => getPartner(id, signal), enabled: id > 0 });

export const usePartner = (id: number) => useQuery(partnerQueryOptions(id));
