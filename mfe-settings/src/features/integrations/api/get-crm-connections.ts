import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export type CrmProvider = 'ghl' | 'keap' | 'zapier' | 'groove' | 'sales_connector';

export interface CrmConnection {
  provider: CrmProvider;
  name: string;
  connected: boolean;
  connected_at: string | null;
  /** False when this installation has no authorisation settings for the CRM. */
  available: boolean;
  /** 'webhook': connected with a URL the user pastes (Zapier) instead of an authorisation page. */
  kind?: 'oauth' | 'webhook';
  /** Where a webhook CRM sends (its host). */
  target?: string | null;
}

export const integrationKeys = {
  all: ['settings', 'integrations'] as const,
  crm: () => ['settings', 'integrations', 'crm'] as const,
  fields: (provider: string) => ['settings', 'integrations', 'crm-fields', provider] as const,
  webhooks: (page: number) => ['settings', 'integrations', 'webhooks', page] as const,
};

export async function getCrmConnections(): Promise<CrmConnection[]> {
  return (await apiClient.get<{ data: CrmConnection[] }>('/api/crm/connections')).data.data;
}

export const crmConnectionsQueryOptions = () => queryOptions({ queryKey: integrationKeys.crm(), queryFn: getCrmConnections });

export const useCrmConnections = () => useQuery(crmConnectionsQueryOptions());
