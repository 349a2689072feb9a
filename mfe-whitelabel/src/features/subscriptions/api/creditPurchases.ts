import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';
import { subscriptionKeys } from './listSubscriptions';

export type CreditPurchasePage = ApiResponse<'/api/whitelabel/credit-purchases', 'get'>;
/** One wallet payment of a customer: a top-up, an automatic top-up or a card check. */
export type CreditPurchase = CreditPurchasePage['data'][number];

export const PURCHASE_PAGE_SIZE = 20;
const purchaseKeys = {
  all: [...subscriptionKeys.all, 'credit-purchases'] as const,
  page: (page: number) => [...subscriptionKeys.all, 'credit-purchases', page] as const,
};

export const creditPurchasesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: purchaseKeys.page(page),
    queryFn: ({ signal }) =>
      api.get('/api/whitelabel/credit-purchases', {
        query: { page, pageSize: PURCHASE_PAGE_SIZE },
        config: { signal },
      }),
    placeholderData: keepPreviousData,
  });

export const useCreditPurchases = (page: number) => useQuery(creditPurchasesQueryOptions(page));

/** Refunds a purchase paid to the reseller's account (the API answers refunded, or asked and waiting for the provider). */
export function useRefundCreditPurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/whitelabel/credit-purchases/{id}/refund', { path: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}

/** A purchase the reseller may refund now: completed, paid to its account, no refund on the way. */
export const refundable = (p: CreditPurchase): boolean =>
  p.status === 'succeeded' && p.paid_to_you && (p.refund_requested_at === null || p.refund_failure_code !== null);
