import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { Charge } from './get-charges';
import { walletKeys } from './get-wallet';

interface ConfirmAnswer {
  provider: 'sandbox' | 'stripe';
  client_secret: string | null;
  publishable_key: string | null;
  data: Charge;
  message?: string;
}

/**
 * A payment the bank wants authenticated (3-D Secure): with Stripe, Stripe.js shows the bank's check
 * (loaded only now); in test mode the API's sandbox passes it. Then the payment is read again.
 */
export async function confirmCharge(chargeId: number): Promise<Charge> {
  const answer = (await apiClient.post<ConfirmAnswer>(`/api/wallet/charges/${chargeId}/confirm`, {})).data;
  if (answer.provider === 'stripe' && answer.client_secret && answer.publishable_key) {
    const { loadStripe } = await import('@stripe/stripe-js');
    const stripe = await loadStripe(answer.publishable_key);
    if (!stripe) throw new Error('Stripe.js could not load');
    const result = await stripe.confirmCardPayment(answer.client_secret);
    if (result.error) throw new Error(result.error.message ?? 'card confirmation failed');
    return (await apiClient.get<{ data: Charge }>(`/api/wallet/charges/${chargeId}`)).data.data;
  }
  return answer.data;
}

/**
 * `onConfirmed` runs with the mutation itself (before the wallet is read again): the confirm button
 * goes away once the card no longer needs reconnecting, and a callback given to `mutate` would be lost with it.
 */
export function useConfirmCharge(onConfirmed: (charge: Charge) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCharge,
    onSuccess: (charge) => {
      onConfirmed(charge);
      return queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
