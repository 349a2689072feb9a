import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@leadsmith/shared';
import type { Charge } from './get-charges';
import { walletKeys } from './get-wallet';

/** Poll interval of a processing payment (the provider settles it). */
export const CHARGE_POLL_MS = 2000;

export async function getCharge(id: number): Promise<Charge> {
  // Silent: the page says "Payment succeeded!" itself when the charge settles.
  return (await apiClient.get<{ data: Charge }>(`/api/wallet/charges/${id}`, { silent: true })).data.data;
}

export const chargeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...walletKeys.all, 'charge', id] as const,
    queryFn: () => getCharge(id),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? CHARGE_POLL_MS : false),
  });

/** Follows a processing payment until it settles, then refreshes the wallet. */
export function useChargeStatus(id: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...chargeQueryOptions(id ?? 0), enabled: id !== null });
  const status = query.data?.status;
  useEffect(() => {
    if (status && status !== 'processing') void queryClient.invalidateQueries({ queryKey: walletKeys.wallet() });
  }, [status, queryClient]);
  return query;
}
