import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';
import type { Charge } from './get-charges';
import { walletKeys, type WalletCard } from './get-wallet';

const year = new Date().getFullYear();

export const cardSchema = yup.object({
  number: v
    .required()
    .matches(/^[0-9 -]{12,23}$/, v.message('typeInvalid')),
  exp_month: v.integer().required(v.message('required')).min(1, v.message('minNumber', { min: 1 })).max(12, v.message('maxNumber', { max: 12 })),
  exp_year: v.integer().required(v.message('required')).min(year, v.message('minNumber', { min: year })).max(2100, v.message('maxNumber', { max: 2100 })),
  cvc: v.required().matches(/^[0-9]{3,4}$/, v.message('typeInvalid')),
  make_default: yup.boolean().default(false),
});
export type CardInput = yup.InferType<typeof cardSchema>;

export interface PaymentAnswer {
  message?: string;
  data: WalletCard;
  charge: Charge;
}

/** POST /api/wallet/cards: the card is validated with a 1-dollar charge that adds 10 credits. */
export async function addCard(values: CardInput): Promise<PaymentAnswer> {
  return (await apiClient.post<PaymentAnswer>('/api/wallet/cards', values)).data;
}

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }) });
}
