import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { integrationKeys, type CrmProvider } from './get-crm-connections';

/** POST /api/crm/connections/{provider}/authorize: the CRM's authorisation URL (with a one-time state). */
export async function authorizeCrm(provider: CrmProvider): Promise<string> {
  return (await apiClient.post<{ url: string }>(`/api/crm/connections/${provider}/authorize`)).data.url;
}

/** Sends the browser to the CRM; it comes back to /crm/callback. */
export function useAuthorizeCrm() {
  return useMutation({ mutationFn: authorizeCrm, onSuccess: (url) => window.location.assign(url) });
}

/** POST /api/crm/connections/callback: stores the connection the CRM authorised. */
export async function completeCrm(values: { code: string; state: string }): Promise<{ provider: CrmProvider }> {
  return (await apiClient.post<{ provider: CrmProvider }>('/api/crm/connections/callback', values)).data;
}

export function useCompleteCrm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeCrm, onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }) });
}

/** DELETE /api/crm/connections/{provider} */
export async function disconnectCrm(provider: CrmProvider): Promise<void> {
  await apiClient.delete(`/api/crm/connections/${provider}`);
}

export function useDisconnectCrm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disconnectCrm, onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }) });
}
