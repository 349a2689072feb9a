import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** `available` is false when this installation has no authorisation settings for the CRM; a `webhook` CRM is connected with a URL the user pastes (Zapier), `target` its host. */
export type CrmConnection = ApiResponse<'/api/crm/connections', 'get'>['data'][number];
/** The account's sharing with its related accounts, and the parent sharing with it (ADR 053). */
export type CrmSharing = ApiResponse<'/api/crm/connections', 'get'>['sharing'];
export type CrmProvider = CrmConnection['provider'];

export const integrationKeys = {
  all: ['settings', 'integrations'] as const,
  crm: () => ['settings', 'integrations', 'crm'] as const,
  fields: (provider: string) => ['settings', 'integrations', 'crm-fields', provider] as const,
  webhooks: (page: number) => ['settings', 'integrations', 'webhooks', page] as const,
};

export const getCrmConnections = () => api.get('/api/crm/connections');

export const crmConnectionsQueryOptions = () =>
  queryOptions({ queryKey: integrationKeys.crm(), queryFn: getCrmConnections });

/** `enabled: false` holds the request back (the CRM page while it stores a connection the CRM just authorised). */
export const useCrmConnections = ({ enabled = true } = {}) =>
  useQuery({ ...crmConnectionsQueryOptions(), select: (body) => body.data, enabled });

/** The same answer's `sharing` (one request for both). */
export const useCrmSharing = ({ enabled = true } = {}) =>
  useQuery({ ...crmConnectionsQueryOptions(), select: (body) => body.sharing, enabled });
