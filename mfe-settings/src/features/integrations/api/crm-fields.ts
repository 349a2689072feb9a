import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { integrationKeys, type CrmProvider } from './get-crm-connections';

export interface CrmFieldMap {
  leadFields: string[];
  data: { lead_field: string; crm_field: string }[];
}

/** GET /api/crm/fields/{provider} (only for a connected CRM). */
export async function getCrmFields(provider: CrmProvider): Promise<CrmFieldMap> {
  return (await apiClient.get<CrmFieldMap>(`/api/crm/fields/${provider}`, { silent: true })).data;
}

export const crmFieldsQueryOptions = (provider: CrmProvider) => queryOptions({ queryKey: integrationKeys.fields(provider), queryFn: () => getCrmFields(provider) });

export const useCrmFields = (provider: CrmProvider, enabled: boolean) => useQuery({ ...crmFieldsQueryOptions(provider), enabled });

/** PUT /api/crm/fields/{provider}: an empty CRM field leaves the lead field unmapped. */
export async function saveCrmFields({ provider, mappings }: { provider: CrmProvider; mappings: { lead_field: string; crm_field: string }[] }): Promise<void> {
  await apiClient.put(`/api/crm/fields/${provider}`, { mappings });
}

export function useSaveCrmFields() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCrmFields, onSuccess: (_d, { provider }) => queryClient.invalidateQueries({ queryKey: integrationKeys.fields(provider) }) });
}
