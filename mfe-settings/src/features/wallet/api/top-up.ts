import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';
import type { Charge } from './get-charges';
import { walletKeys } from './get-wallet';

export const topUpSchema = (min: number, max: number) =>
  yup.object({
    credits: v
      .integer()
      .required(v.message('required'))
      .min(min, v.message('minNumber', { min }))
      .max(max, v.message('maxNumber', { max })),
  });
export type TopUpInput = { credits: number };

/** POST /api/wallet/top-ups: charges the default card. */
export async function topUp(values: TopUpInput): Promise<{ message?: string; data: Charge }> {
  return (await apiClient.post<{ message?: string; data: Charge }>('/api/wallet/top-ups', values)).data;
}

export function useTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
