import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import type { SearchType } from '../../../api/types';

export type ListView = ApiResponse<'/api/list-views', 'get'>['data'][number];
export type ListViewInput = ApiBody<'/api/list-views', 'post'>;
export type ViewFilters = NonNullable<ListViewInput['filters']>;

export const listViewKeys = {
  all: ['leadSearch', 'listViews'] as const,
  byType: (type: SearchType) => ['leadSearch', 'listViews', type] as const,
};

/** GET /api/list-views: the account's saved views of one list type (a team shares them). */
export const listViewsQuery = (type: SearchType) =>
  queryOptions({
    queryKey: listViewKeys.byType(type),
    queryFn: ({ signal }) => api.get('/api/list-views', { query: { list_type: type }, config: { signal } }),
  });

export const useListViews = (type: SearchType) => useQuery(listViewsQuery(type));

/** POST /api/list-views (a new view) or PUT /api/list-views/{id} (its columns and filters now). */
export function useSaveListView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: ListViewInput & { id?: number }) =>
      id
        ? (
            await api.put('/api/list-views/{id}', {
              path: { id },
              body: { columns: input.columns, filters: input.filters },
            })
          ).view
        : (await api.post('/api/list-views', { body: input })).view,
    onSuccess: () => client.invalidateQueries({ queryKey: listViewKeys.all }),
  });
}

/** DELETE /api/list-views/{id}. */
export function useDeleteListView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api/list-views/{id}', { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: listViewKeys.all }),
  });
}
