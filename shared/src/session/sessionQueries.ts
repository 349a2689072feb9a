import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api/client';
import { fromBootPrefetch } from '../api/bootPrefetch';
import { useSessionStore } from './sessionStore';
import type { ListType, User } from './types';

export const sessionKeys = {
  all: ['session'] as const,
  me: (token: string | null) => ['session', 'me', token] as const,
  listTypes: (token: string | null) => ['session', 'list-types', token] as const,
};

export const meQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: sessionKeys.me(token),
    // The boot script may already have asked for this token's user (shared/src/api/bootPrefetch.ts).
    queryFn: ({ signal }) => fromBootPrefetch('me', token ?? '', async () => (await apiClient.get<User>('/api/me', { signal })).data),
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: false,
  });

export const listTypesQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: sessionKeys.listTypes(token),
    queryFn: async ({ signal }) => (await apiClient.get<ListType[]>('/api/campaign-types', { signal })).data,
    enabled: Boolean(token),
    staleTime: Infinity,
  });

/** The signed-in user, for any area. */
export function useCurrentUser(): User | undefined {
  const token = useSessionStore((s) => s.token);
  return useQuery(meQueryOptions(token)).data;
}

export function useListTypes(): ListType[] | undefined {
  const token = useSessionStore((s) => s.token);
  return useQuery(listTypesQueryOptions(token)).data;
}
