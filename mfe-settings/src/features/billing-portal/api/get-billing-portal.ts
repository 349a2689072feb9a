import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export interface BillingPortal {
  type: 'stripe' | 'paykickstart';
  value: string;
}

export async function getBillingPortal(): Promise<BillingPortal> {
  return (await apiClient.get<BillingPortal>('/api/wl/check-billing-portals')).data;
}

export const billingPortalQueryOptions = () => queryOptions({ queryKey: ['settings', 'billing-portal'] as const, queryFn: getBillingPortal });

export const useBillingPortal = () => useQuery(billingPortalQueryOptions());
