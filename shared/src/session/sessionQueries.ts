import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/typedApi';
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
    queryFn: ({ signal }) => fromBootPrefetch('me', token ?? '', () => api.get('/api/me', { config: { signal } })),
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: false,
  });

export const listTypesQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: sessionKeys.listTypes(token),
    queryFn: ({ signal }): Promise<ListType[]> => api.get('/api/campaign-types', { config: { signal } }),
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
