import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { subscriptionKeys, type Subscription } from './listSubscriptions';

/**
 * Spec §4 transitions: cancel (to period end), refund (last payment, at once), restore (provider → manual;
 * for a subscription billed by Stripe: its cancellation at the period's end taken back at Stripe), reactivate.
 */
export type SubscriptionAction = 'cancel' | 'refund' | 'restore' | 'reactivate';

export async function runSubscriptionAction({
  id,
  action,
}: {
  id: number;
  action: SubscriptionAction;
}): Promise<Subscription> {
  const { data } = await apiClient.post<{ data: Subscription }>(`/api/whitelabel/subscriptions/${id}/${action}`);
  return data.data;
}

export function useSubscriptionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runSubscriptionAction,
    onSuccess: (sub) => {
      client.setQueryData(subscriptionKeys.detail(sub.id), sub);
      void client.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}

/** Which transitions apply to a subscription now (the API refuses the others with a 422). */
export function availableActions(s: Subscription): SubscriptionAction[] {
  const actions: SubscriptionAction[] = [];
  if (s.status !== 'canceled' && !s.cancel_at_period_end) actions.push('cancel');
  if (s.refundable) actions.push('refund');
  if (s.billing_provider === 'stripe' ? s.status !== 'canceled' && s.cancel_at_period_end : s.managed_by === 'provider')
    actions.push('restore');
  if (s.status === 'canceled' || s.cancel_at_period_end) actions.push('reactivate');
  return actions;
}

/** The wording of an action: restoring a subscription Stripe bills takes back its cancellation there. */
export function confirmKey(s: Subscription, action: SubscriptionAction): SubscriptionAction | 'restoreStripe' {
  return action === 'restore' && s.billing_provider === 'stripe' ? 'restoreStripe' : action;
}
