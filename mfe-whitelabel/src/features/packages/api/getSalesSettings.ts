import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { packageKeys } from './listPackages';

/** Spec §3 Sales settings of one package. */
export interface SalesSettings {
  business_name: string;
  primary_color: string;
  secondary_color: string;
  background_color: string;
  text_color: string;
  sales_page_url: string | null;
  terms_url: string | null;
  subdomain_url: string | null;
  body_html: string;
  updated_at: string;
}

export interface SalesSettingsAnswer {
  data: SalesSettings | null;
  business_account_completed: boolean;
  public_path: string;
}

export async function getSalesSettings(id: number, signal?: AbortSignal): Promise<SalesSettingsAnswer> {
  const { data } = await apiClient.get<SalesSettingsAnswer>(`/api/whitelabel/packages/${id}/sales-settings`, { signal });
  return data;
}

export const salesSettingsQueryOptions = (id: number) => queryOptions({ queryKey: packageKeys.sales(id), queryFn: ({ signal }) => getSalesSettings(id, signal), enabled: id > 0 });

export const useSalesSettings = (id: number) => useQuery(salesSettingsQueryOptions(id));
