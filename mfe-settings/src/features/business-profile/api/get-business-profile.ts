import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** The profile (null before one is saved); other areas gate AI tools and sales settings on `profile_completed` (spec §5). */
export type BusinessProfileResponse = ApiResponse<'/api/business-details/data', 'get'>;
export type BusinessProfile = NonNullable<BusinessProfileResponse['data']>;

export const getBusinessProfile = (): Promise<BusinessProfileResponse> => api.get('/api/business-details/data');

export const businessProfileQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'business-profile'], queryFn: getBusinessProfile });

export const useBusinessProfile = () => useQuery(businessProfileQueryOptions());
