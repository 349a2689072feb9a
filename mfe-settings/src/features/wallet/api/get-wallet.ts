import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** Credits, cards, automatic top-up and prices (`charge_waiting_for_confirmation`: a payment the bank wants confirmed, 3-D Secure). */
export type Wallet = ApiResponse<'/api/wallet', 'get'>;
export type WalletCard = Wallet['cards'][number];
export type CreditLot = Wallet['lots'][number];
export type AutoTopUp = Wallet['autoTopUp'];

export const walletKeys = {
  all: ['settings', 'wallet'] as const,
  wallet: () => ['settings', 'wallet', 'summary'] as const,
};

export async function getWallet(): Promise<Wallet> {
  return api.get('/api/wallet');
}

export const walletQueryOptions = () => queryOptions({ queryKey: walletKeys.wallet(), queryFn: getWallet });

export const useWallet = () => useQuery(walletQueryOptions());
