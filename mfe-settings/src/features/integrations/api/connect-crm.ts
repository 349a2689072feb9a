import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { integrationKeys, type CrmProvider } from './get-crm-connections';

/** POST /api/crm/connections/{provider}/authorize: the CRM's authorisation URL (with a one-time state). */
export async function authorizeCrm(provider: CrmProvider): Promise<string> {
  return (await api.post('/api/crm/connections/{provider}/authorize', { path: { provider } })).url;
}

/** Sends the browser to the CRM; it comes back to /crm/callback. */
export function useAuthorizeCrm() {
  return useMutation({ mutationFn: authorizeCrm, onSuccess: (url) => window.location.assign(url) });
}

/** POST /api/crm/connections/callback: stores the connection the CRM authorised. */
export const completeCrm = (values: { code: string; state: string }) =>
  api.post('/api/crm/connections/callback', { body: values });

export function useCompleteCrm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeCrm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

/** DELETE /api/crm/connections/{provider} */
export async function disconnectCrm(provider: CrmProvider): Promise<void> {
  await api.delete('/api/crm/connections/{provider}', { path: { provider } });
}

export function useDisconnectCrm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectCrm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
