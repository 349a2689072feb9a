import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type BillingPortal = ApiResponse<'/api/wl/check-billing-portals', 'get'>;

export const getBillingPortal = (): Promise<BillingPortal> => api.get('/api/wl/check-billing-portals');

export const billingPortalQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'billing-portal'] as const, queryFn: getBillingPortal });

export const useBillingPortal = () => useQuery(billingPortalQueryOptions());
