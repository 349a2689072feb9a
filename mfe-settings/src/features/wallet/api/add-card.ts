import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';
import type { Charge } from './get-charges';
import { walletKeys, type WalletCard } from './get-wallet';
import { luhnValid, sandboxCardToken } from './sandbox-card';

const year = new Date().getFullYear();

/** The sandbox card form (test mode). The values stay in the page: only a token is sent. */
export const cardSchema = yup.object({
  number: v
    .required()
    .matches(/^[0-9 -]{12,23}$/, v.message('typeInvalid'))
    .test('luhn', v.message('typeInvalid'), (value) => !value || luhnValid(value.replace(/[\s-]/g, ''))),
  exp_month: v
    .integer()
    .required(v.message('required'))
    .min(1, v.message('minNumber', { min: 1 }))
    .max(12, v.message('maxNumber', { max: 12 })),
  exp_year: v
    .integer()
    .required(v.message('required'))
    .min(year, v.message('minNumber', { min: year }))
    .max(2100, v.message('maxNumber', { max: 2100 })),
  cvc: v.required().matches(/^[0-9]{3,4}$/, v.message('typeInvalid')),
  make_default: yup.boolean().default(false),
});
export type CardInput = yup.InferType<typeof cardSchema>;

export interface PaymentAnswer {
  message?: string;
  data: WalletCard;
  charge: Charge;
}

export interface CardSetup {
  setup_intent_id: string;
  client_secret: string;
  provider: 'sandbox' | 'stripe';
  publishable_key: string | null;
}

/** POST /api/wallet/cards/setup: a SetupIntent the page confirms with the card. */
export async function startCardSetup(): Promise<CardSetup> {
  return (await apiClient.post<CardSetup>('/api/wallet/cards/setup', {})).data;
}

/** POST /api/wallet/cards: saves the confirmed SetupIntent's card; the 1-dollar validation charge adds 10 credits. */
export async function saveCard(body: {
  setup_intent_id: string;
  token?: string;
  make_default?: boolean;
}): Promise<PaymentAnswer> {
  return (await apiClient.post<PaymentAnswer>('/api/wallet/cards', body)).data;
}

/** Test mode: the card becomes a token in the page, then the SetupIntent is saved with it. */
export async function addSandboxCard(values: CardInput): Promise<PaymentAnswer> {
  const token = sandboxCardToken(values);
  if (!token) throw new Error('invalid card');
  const setup = await startCardSetup();
  return saveCard({ setup_intent_id: setup.setup_intent_id, token, make_default: values.make_default });
}

export function useAddSandboxCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSandboxCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
