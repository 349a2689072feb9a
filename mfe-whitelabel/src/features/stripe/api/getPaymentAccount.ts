import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export type BillingType = 'stripe' | 'paykickstart';

/** The reseller's payment account (Stripe Connect, or the embedded sandbox when no keys are configured). */
export interface PaymentAccount {
  billing_type: BillingType;
  connected: boolean;
  mode: 'sandbox' | 'live' | null;
  account_id: string | null;
  connected_at: string | null;
}

export interface PaymentAccountAnswer {
  data: PaymentAccount;
  stripe_configured: boolean;
}

export const paymentAccountKeys = { all: ['whitelabel', 'stripe'] as const };

export async function getPaymentAccount(signal?: AbortSignal): Promise<PaymentAccountAnswer> {
  const { data } = await apiClient.get<PaymentAccountAnswer>('/api/whitelabel/stripe', { signal });
  return data;
}

export const paymentAccountQueryOptions = () => queryOptions({ queryKey: paymentAccountKeys.all, queryFn: ({ signal }) => getPaymentAccount(signal) });

export const usePaymentAccount = () => useQuery(paymentAccountQueryOptions());
