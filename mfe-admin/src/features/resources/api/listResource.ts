import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE, type ApiPage } from '@leadsmith/shared';
import type { ResourceDefinition } from '../definitions';

export type ResourceItem = Record<string, unknown> & { id: number };

export interface ResourceQuery {
  page: number;
  search?: string;
  /** Equality filters the API accepts for this resource (e.g. prompt_type). */
  filters?: Record<string, string>;
}

/** `base` is the resource's API path, e.g. /api/admin/topics or /api/admin/courses/3/pages. */
export async function listResource(base: string, query: ResourceQuery, signal?: AbortSignal): Promise<ApiPage<ResourceItem>> {
  const filters = Object.fromEntries(Object.entries(query.filters ?? {}).filter(([, v]) => v !== ''));
  const params = { page: query.page, pageSize: DEFAULT_PAGE_SIZE, ...(query.search ? { search: query.search } : {}), ...filters };
  const { data } = await apiClient.get<ApiPage<ResourceItem>>(base, { params, signal });
  return data;
}

export const resourceKeys = {
  all: (base: string) => ['admin', 'resource', base] as const,
  list: (base: string, q: ResourceQuery) => ['admin', 'resource', base, 'list', q] as const,
  detail: (base: string, id: number) => ['admin', 'resource', base, 'detail', id] as const,
};

/** The API path of a resource, inside its scope (the parent id) when it has one. */
export function resourceBase(def: ResourceDefinition, scope?: string): string {
  return def.apiPath ? def.apiPath(scope ?? '') : `/api/admin/${def.key}`;
}

export const resourceListQueryOptions = (base: string, query: ResourceQuery) =>
  queryOptions({ queryKey: resourceKeys.list(base, query), queryFn: ({ signal }) => listResource(base, query, signal), placeholderData: keepPreviousData });

export const useResourceList = (base: string, query: ResourceQuery) => useQuery(resourceListQueryOptions(base, query));
