import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiClient, type ApiPage } from '@leadsmith/shared/core';

/** A row of a resource: what the kit needs is an id; the fields are read by name. */
export interface ResourceRow {
  id: number;
}

export interface ResourceQuery {
  page: number;
  pageSize: number;
  search?: string;
  /** Equality filters the API accepts for this resource (e.g. prompt_type); empty values are left out. */
  filters?: Record<string, string>;
}

/** How the kit reaches one resource's API: list, read, save and delete. */
export interface ResourceApi<T extends ResourceRow> {
  /** Query key every key of this resource starts with (its lists and items), e.g. ['whitelabel', 'partners']. */
  key: QueryKey;
  list: (query: ResourceQuery, signal?: AbortSignal) => Promise<{ data: T[]; total: number }>;
  /** Reads one item (resources edited on their own screen); a form over or above the list takes the row. */
  get?: (id: number, signal?: AbortSignal) => Promise<T>;
  /** Creates (no id) or updates the item; answers the saved item. Absent when the resource has a form of its own that sends another body. */
  save?: (id: number | undefined, input: Record<string, unknown>) => Promise<T>;
  /** Absent when rows are not deleted. */
  remove?: (id: number) => Promise<void>;
  /** Other keys a change makes stale (a parent list counting this resource, an audit log). */
  invalidates?: QueryKey[];
}

export const resourceKeys = {
  list: (api: Pick<ResourceApi<ResourceRow>, 'key'>, query: ResourceQuery) => [...api.key, 'list', query] as const,
  detail: (api: Pick<ResourceApi<ResourceRow>, 'key'>, id: number) => [...api.key, 'detail', id] as const,
};

export interface RestResourceOptions {
  /** The collection's API path (`GET base`, `POST base`, `GET|PUT|DELETE base/{id}`). */
  base: string;
  key: QueryKey;
  /** Where a create/update answer carries the item: `{ item }` or `{ data }`. */
  envelope: 'item' | 'data';
  invalidates?: QueryKey[];
}

/** The API of a plain REST collection (list with ?page&pageSize&search&filters, JSON item routes). */
export function restResource<T extends ResourceRow>({
  base,
  key,
  envelope,
  invalidates,
}: RestResourceOptions): ResourceApi<T> {
  return {
    key,
    invalidates,
    list: async (query, signal) => {
      const filters = Object.fromEntries(Object.entries(query.filters ?? {}).filter(([, value]) => value !== ''));
      const params = {
        page: query.page,
        pageSize: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
        ...filters,
      };
      const { data } = await apiClient.get<ApiPage<T>>(base, { params, signal });
      return data;
    },
    get: async (id, signal) => (await apiClient.get<T>(`${base}/${id}`, { signal })).data,
    save: async (id, input) => {
      const { data } = id
        ? await apiClient.put<Partial<Record<string, T>>>(`${base}/${id}`, input)
        : await apiClient.post<Partial<Record<string, T>>>(base, input);
      const item = data[envelope];
      if (!item) throw new Error(`${base}: the answer has no "${envelope}"`);
      return item;
    },
    remove: async (id) => {
      await apiClient.delete(`${base}/${id}`);
    },
  };
}

export const resourceListQueryOptions = <T extends ResourceRow>(api: ResourceApi<T>, query: ResourceQuery) =>
  queryOptions({
    queryKey: resourceKeys.list(api, query),
    queryFn: ({ signal }) => api.list(query, signal),
    placeholderData: keepPreviousData,
  });

export const resourceQueryOptions = <T extends ResourceRow>(api: ResourceApi<T>, id: number) =>
  queryOptions({
    queryKey: resourceKeys.detail(api, id),
    queryFn: ({ signal }) => {
      if (!api.get) throw new Error(`${api.key.join('/')}: this resource has no item route`);
      return api.get(id, signal);
    },
    enabled: id > 0 && api.get !== undefined,
  });

export const useResourceList = <T extends ResourceRow>(api: ResourceApi<T>, query: ResourceQuery) =>
  useQuery(resourceListQueryOptions(api, query));

export const useResourceItem = <T extends ResourceRow>(api: ResourceApi<T>, id: number) =>
  useQuery(resourceQueryOptions(api, id));

function useInvalidate(api: ResourceApi<ResourceRow>) {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [api.key, ...(api.invalidates ?? [])]) void client.invalidateQueries({ queryKey });
  };
}

export function useSaveResource<T extends ResourceRow>(api: ResourceApi<T>) {
  const client = useQueryClient();
  const invalidate = useInvalidate(api);
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: Record<string, unknown> }) => {
      if (!api.save) throw new Error(`${api.key.join('/')}: this resource is saved by its own form`);
      return api.save(id, input);
    },
    onSuccess: (item) => {
      client.setQueryData(resourceKeys.detail(api, item.id), item);
      invalidate();
    },
  });
}

export function useDeleteResource<T extends ResourceRow>(api: ResourceApi<T>) {
  const invalidate = useInvalidate(api);
  return useMutation({
    mutationFn: (id: number) => {
      if (!api.remove) throw new Error(`${api.key.join('/')}: this resource's rows are not deleted`);
      return api.remove(id);
    },
    onSuccess: invalidate,
  });
}
