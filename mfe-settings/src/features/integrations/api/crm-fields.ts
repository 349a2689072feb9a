import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { integrationKeys, type CrmProvider } from './get-crm-connections';

export type CrmFieldMap = ApiResponse<'/api/crm/fields/{provider}', 'get'>;

/** GET /api/crm/fields/{provider} (only for a connected CRM). */
export async function getCrmFields(provider: CrmProvider): Promise<CrmFieldMap> {
  return api.get('/api/crm/fields/{provider}', { path: { provider }, config: { silent: true } });
}

export const crmFieldsQueryOptions = (provider: CrmProvider) =>
  queryOptions({ queryKey: integrationKeys.fields(provider), queryFn: () => getCrmFields(provider) });

export const useCrmFields = (provider: CrmProvider, enabled: boolean) =>
  useQuery({ ...crmFieldsQueryOptions(provider), enabled });

/** PUT /api/crm/fields/{provider}: an empty CRM field leaves the lead field unmapped. */
export async function saveCrmFields({
  provider,
  mappings,
}: { provider: CrmProvider } & ApiBody<'/api/crm/fields/{provider}', 'put'>): Promise<void> {
  await api.put('/api/crm/fields/{provider}', { path: { provider }, body: { mappings } });
}

export function useSaveCrmFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCrmFields,
    onSuccess: (_d, { provider }) => queryClient.invalidateQueries({ queryKey: integrationKeys.fields(provider) }),
  });
}
