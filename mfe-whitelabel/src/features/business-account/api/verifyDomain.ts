import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { domainKeys } from './getDomainStatus';

/** Asks the API to look the TXT record up in DNS now. */
export const verifyDomain = () => api.post('/api/whitelabel/domain/verify', { body: {} });

export function useVerifyDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyDomain,
    onSuccess: () => void client.invalidateQueries({ queryKey: domainKeys.status }),
  });
}
