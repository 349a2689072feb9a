import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export interface WalletCard {
  id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  /** The bank asked for authentication: "Card must be reconnected for security reasons". */
  needs_reconnect: boolean;
  created_at: string;
}

export interface CreditLot {
  id: number;
  amount: number;
  remaining: number;
  expires_at: string;
  reason: string;
}

export interface AutoTopUp {
  enabled: boolean;
  threshold: number;
  amount: number;
  consent_at: string | null;
}

export interface Wallet {
  balance: { monthly: number; additional: number; rolled_over: number; total: number };
  lots: CreditLot[];
  cards: WalletCard[];
  autoTopUp: AutoTopUp;
  pricing: { centsPerCredit: number; validationCents: number; validationCredits: number; minTopUp: number; maxTopUp: number };
  provider: 'sandbox' | 'stripe';
  test_mode: boolean;
  publishable_key: string | null;
  /** The latest payment waiting for the card holder to confirm the card (3-D Secure). */
  charge_waiting_for_confirmation: number | null;
}

export const walletKeys = { all: ['settings', 'wallet'] as const, wallet: () => ['settings', 'wallet', 'summary'] as const };

export async function getWallet(): Promise<Wallet> {
  return (await apiClient.get<Wallet>('/api/wallet')).data;
}

export const walletQueryOptions = () => queryOptions({ queryKey: walletKeys.wallet(), queryFn: getWallet });

export const useWallet = () => useQuery(walletQueryOptions());
