import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { assistantKeys } from './types';

/** GET /api/business-details/data (Settings): whether the business profile is done (spec §5 gate of the AI tools). */
export const getProfileStatus = async () =>
  (await apiClient.get<{ profile_completed: boolean }>('/api/business-details/data')).data;

// Re-checked on every visit: the profile may have just been saved in Settings.
export const profileStatusQuery = () =>
  queryOptions({ queryKey: assistantKeys.profile, queryFn: getProfileStatus, staleTime: 0 });

export const useProfileStatus = () => useQuery(profileStatusQuery());
