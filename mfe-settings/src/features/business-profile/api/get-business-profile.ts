import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export interface BusinessProfile {
  id: number;
  business_name: string;
  website: string;
  industry: string;
  description: string;
  target_audience: string;
  products_services: string;
  unique_selling_points: string;
  location: string;
  created_at: string;
  updated_at: string;
}

export interface BusinessProfileResponse {
  data: BusinessProfile | null;
  /** Other areas gate AI tools and sales settings on this (spec §5). */
  profile_completed: boolean;
}

export async function getBusinessProfile(): Promise<BusinessProfileResponse> {
  return (await apiClient.get<BusinessProfileResponse>('/api/business-details/data')).data;
}

export const businessProfileQueryOptions = () => queryOptions({ queryKey: ['settings', 'business-profile'], queryFn: getBusinessProfile });

export const useBusinessProfile = () => useQuery(businessProfileQueryOptions());
