import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export type CrmId = 'ghl' | 'keap' | 'zapier' | 'groove' | 'sales_connector';

/** Display names of the spec's CRM identifiers (results name the CRM they went to by id). */
export const CRM_NAMES: Readonly<Record<CrmId, string>> = {
  ghl: 'GoHighLevel',
  keap: 'Keap',
  zapier: 'Zapier',
  groove: 'Groove',
  sales_connector: 'Sales Connector',
};

export interface CrmConnection {
  provider: CrmId;
  name: string;
  connected: boolean;
}

export const crmConnectionKeys = { all: ['leadSearch', 'crmConnections'] as const };

/** GET /api/crm/connections: which CRMs the account has connected (Settings → Integration → CRM). */
export async function getCrmConnections(signal?: AbortSignal): Promise<CrmConnection[]> {
  return (await apiClient.get<{ data: CrmConnection[] }>('/api/crm/connections', { signal })).data.data;
}

export const crmConnectionsQuery = () =>
  queryOptions({
    queryKey: crmConnectionKeys.all,
    queryFn: ({ signal }) => getCrmConnections(signal),
    staleTime: 30_000,
  });

export const useCrmConnections = () => useQuery(crmConnectionsQuery());
