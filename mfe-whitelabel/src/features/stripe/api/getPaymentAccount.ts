import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';

export type PaymentAccountAnswer = ApiResponse<'/api/whitelabel/stripe', 'get'>;
/** The reseller's payment account (Stripe Connect, or the embedded sandbox when no keys are configured). */
export type PaymentAccount = PaymentAccountAnswer['data'];
export type BillingType = PaymentAccount['billing_type'];

export const paymentAccountKeys = { all: ['whitelabel', 'stripe'] as const };

export async function getPaymentAccount(signal?: AbortSignal): Promise<PaymentAccountAnswer> {
  const { data } = await apiClient.get<PaymentAccountAnswer>('/api/whitelabel/stripe', { signal });
  return data;
}

export const paymentAccountQueryOptions = () =>
  queryOptions({ queryKey: paymentAccountKeys.all, queryFn: ({ signal }) => getPaymentAccount(signal) });

export const usePaymentAccount = () => useQuery(paymentAccountQueryOptions());
