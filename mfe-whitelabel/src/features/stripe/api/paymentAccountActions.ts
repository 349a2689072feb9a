import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { paymentAccountKeys, type BillingType, type PaymentAccount } from './getPaymentAccount';

export async function saveBillingType(billing_type: BillingType): Promise<PaymentAccount> {
  const { data } = await apiClient.put<{ data: PaymentAccount }>('/api/whitelabel/stripe', { billing_type });
  return data.data;
}

/** The URL to send the browser to: Stripe's consent page, or (sandbox) straight to our callback. */
export async function startConnect(redirect_uri: string): Promise<{ url: string; mode: 'sandbox' | 'live' }> {
  const { data } = await apiClient.post<{ url: string; mode: 'sandbox' | 'live' }>('/api/whitelabel/stripe/connect', {
    redirect_uri,
  });
  return data;
}

export async function finishConnect(body: { code: string; state: string }): Promise<PaymentAccount> {
  const { data } = await apiClient.post<{ data: PaymentAccount }>('/api/whitelabel/stripe/callback', body);
  return data.data;
}

export async function disconnect(): Promise<PaymentAccount> {
  const { data } = await apiClient.delete<{ data: PaymentAccount }>('/api/whitelabel/stripe');
  return data.data;
}

function useAccountMutation<V>(fn: (v: V) => Promise<PaymentAccount>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: paymentAccountKeys.all }),
  });
}

export const useSaveBillingType = () => useAccountMutation(saveBillingType);
export const useFinishConnect = () => useAccountMutation(finishConnect);
export const useDisconnect = () => useAccountMutation(disconnect);
export const useStartConnect = () => useMutation({ mutationFn: startConnect });
