import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';
import { walletKeys, type AutoTopUp } from './get-wallet';

export const autoTopUpSchema = (min: number, max: number) =>
  yup.object({
    enabled: yup.boolean().required(),
    threshold: v
      .requiredNumber()
      .integer(v.message('integer'))
      .min(0, v.message('minNumber', { min: 0 }))
      .max(max, v.message('maxNumber', { max })),
    amount: v
      .requiredNumber()
      .integer(v.message('integer'))
      .min(min, v.message('minNumber', { min }))
      .max(max, v.message('maxNumber', { max })),
    consent: yup.boolean().default(false),
  });
export type AutoTopUpInput = { enabled: boolean; threshold: number; amount: number; consent: boolean };

/** PUT /api/wallet/auto-top-up: turning it on needs consent and a default card. */
export async function saveAutoTopUp(values: AutoTopUpInput): Promise<{ data: AutoTopUp }> {
  return (await apiClient.put<{ data: AutoTopUp }>('/api/wallet/auto-top-up', values)).data;
}

export function useSaveAutoTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutoTopUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
