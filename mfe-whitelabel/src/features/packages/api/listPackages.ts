import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { PageOf } from '../../../components/format';

export interface CustomField {
  label: string;
  optional: boolean;
  type: 'text' | 'dropdown';
  options: string[];
}

/** Spec §3 Package (prices in cents), as GET /api/whitelabel/packages[/:id] returns it. */
export interface Package {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  monthly_price_cents: number;
  yearly_price_cents: number | null;
  one_time_price_cents: number | null;
  trial_days: number;
  trial_amount_cents: number;
  monthly_credits: number;
  credit_price_cents: number;
  collect_payment_method: boolean;
  available_for_billing_portal: boolean;
  show_on_sales_page: boolean;
  create_via_form: boolean;
  form_available_days: number | null;
  thank_you_url: string | null;
  custom_fields: CustomField[];
  /** The customer's monthly search limit (its own number, not the credits); null leaves the customer's as it is. */
  search_limit: number | null;
  /** What a customer keeps while a renewal is unpaid. */
  past_due_access: 'pause' | 'keep';
  created_at: string;
  updated_at: string;
}

export interface PackageRow extends Package {
  subscribers: number;
  has_sales_settings: boolean;
}

export const PACKAGE_PAGE_SIZE = 20;

export const packageKeys = {
  all: ['whitelabel', 'packages'] as const,
  list: (page: number) => ['whitelabel', 'packages', 'list', page] as const,
  detail: (id: number) => ['whitelabel', 'packages', 'detail', id] as const,
  sales: (id: number) => ['whitelabel', 'packages', 'sales', id] as const,
};

export async function listPackages(page: number, signal?: AbortSignal): Promise<PageOf<PackageRow>> {
  const { data } = await apiClient.get<PageOf<PackageRow>>('/api/whitelabel/packages', { params: { page, pageSize: PACKAGE_PAGE_SIZE }, signal });
  return data;
}

export const packagesQueryOptions = (page: number) => queryOptions({ queryKey: packageKeys.list(page), queryFn: ({ signal }) => listPackages(page, signal), placeholderData: keepPreviousData });

export const usePackages = (page: number) => useQuery(packagesQueryOptions(page));
