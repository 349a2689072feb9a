import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { integrationKeys } from './get-crm-connections';

/** PUT /api/crm/sharing: the account's related accounts may use its CRM connections, or no longer (ADR 053). */
export const shareCrmConnections = (share: boolean) =>
  api.put('/api/crm/sharing', { body: { share_with_related: share } });

export function useShareCrmConnections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareCrmConnections,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
