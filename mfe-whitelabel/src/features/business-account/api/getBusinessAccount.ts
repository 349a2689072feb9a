import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type CrmId } from '@leadsmith/shared';

/** The reseller's branding (its business-settings row), as GET /api/whitelabel/business-account returns it. */
export interface BusinessAccount {
  domain: string;
  name: string;
  content: string | null;
  logo: string | null;
  favicon: string | null;
  script: string | null;
  login_page_bg_color: string | null;
  sidebar_background_color: string | null;
  button_color: string | null;
  secondary_color: string | null;
  text_color: string | null;
  heading_color: string | null;
  support_url: string | null;
  show_training_center: boolean;
  crms: CrmId[];
  updated_at: string;
}

export interface BusinessAccountAnswer {
  data: BusinessAccount | null;
  completed: boolean;
}

export const businessAccountKeys = { all: ['whitelabel', 'business-account'] as const };

export async function getBusinessAccount(signal?: AbortSignal): Promise<BusinessAccountAnswer> {
  const { data } = await apiClient.get<BusinessAccountAnswer>('/api/whitelabel/business-account', { signal });
  return data;
}

export const businessAccountQueryOptions = () => queryOptions({ queryKey: businessAccountKeys.all, queryFn: ({ signal }) => getBusinessAccount(signal) });

export const useBusinessAccount = () => useQuery(businessAccountQueryOptions());
