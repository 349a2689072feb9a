import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup, type ApiBody } from '@leadsmith/shared';
import { subscriptionKeys, type Subscription } from './listSubscriptions';

export type SubscriptionInput = ApiBody<'/api/whitelabel/subscriptions', 'post'>;

export const subscriptionSchema = yup.object({
  customer_name: v.required().max(150, v.message('maxLength', { count: 150 })),
  email: v.email(),
  username: v
    .required()
    .min(3, v.message('minChars', { count: 3 }))
    .max(60, v.message('maxLength', { count: 60 }))
    .matches(/^[A-Za-z0-9_.-]+$/, v.message('noSpecialChars')),
  package_id: v.required(),
  additional_credits: v
    .integer()
    .min(0, v.message('minNumber', { min: 0 }))
    .required(v.message('required')),
  welcome_email: yup.boolean().default(false),
});
export type SubscriptionValues = yup.InferType<typeof subscriptionSchema>;

export async function saveSubscription({
  id,
  input,
}: {
  id?: number;
  input: SubscriptionInput;
}): Promise<Subscription> {
  if (id) {
    const { email: _email, welcome_email: _welcome, ...edit } = input;
    const { data } = await apiClient.put<{ data: Subscription }>(`/api/whitelabel/subscriptions/${id}`, edit);
    return data.data;
  }
  const { data } = await apiClient.post<{ data: Subscription }>('/api/whitelabel/subscriptions', input);
  return data.data;
}

export function useSaveSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSubscription,
    onSuccess: (sub) => {
      client.setQueryData(subscriptionKeys.detail(sub.id), sub);
      void client.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}
