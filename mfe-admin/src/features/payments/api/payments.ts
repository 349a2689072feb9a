import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiQuery, type ApiResponse } from '@leadsmith/shared';

export type PaymentPage = ApiResponse<'/api/admin/payments', 'get'>;
/** One wallet payment of a customer: a credit purchase, an automatic top-up or a card check. */
export type Payment = PaymentPage['data'][number];
export type PaymentQuery = Pick<ApiQuery<'/api/admin/payments', 'get'>, 'page' | 'search' | 'state'>;
export type PaymentState = NonNullable<PaymentQuery['state']>;
export const PAYMENT_STATES: readonly PaymentState[] = ['succeeded', 'refunded', 'failed', 'pending'];

const paymentKeys = {
  all: ['admin', 'payments'] as const,
  list: (query: PaymentQuery) => ['admin', 'payments', query] as const,
};

export const paymentsQueryOptions = (query: PaymentQuery) =>
  queryOptions({
    queryKey: paymentKeys.list(query),
    queryFn: ({ signal }) =>
      api.get('/api/admin/payments', { query: { ...query, pageSize: DEFAULT_PAGE_SIZE }, config: { signal } }),
    placeholderData: keepPreviousData,
  });

export const usePayments = (query: PaymentQuery) => useQuery(paymentsQueryOptions(query));

/** Refunds a payment (the API answers refunded, or asked and waiting for the provider; its message is the toast). */
export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/admin/payments/{id}/refund', { path: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** A payment the administrator may refund now: completed, and no refund on the way (a refused one may be asked again). */
export const refundable = (p: Payment): boolean =>
  p.status === 'succeeded' && (p.refund_requested_at === null || p.refund_failure_code !== null);

/** Where a payment stands, refunds included. */
export function paymentState(p: Payment): 'paid' | 'refunded' | 'refundAsked' | 'refundRefused' | 'failed' | 'open' {
  if (p.status === 'refunded') return 'refunded';
  if (p.status === 'succeeded')
    return p.refund_requested_at === null ? 'paid' : p.refund_failure_code ? 'refundRefused' : 'refundAsked';
  return p.status === 'failed' ? 'failed' : 'open';
}
