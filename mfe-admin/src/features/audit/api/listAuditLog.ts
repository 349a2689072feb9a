import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiPage, type ApiResponse } from '@leadsmith/shared';

export type AuditEntry = ApiResponse<'/api/admin/audit-log', 'get'>['data'][number];
export type AuditEntity = AuditEntry['entity'];
/** The one page envelope (`{ data, currentPage, pageSize, total }`). */
export type PageOf<T> = ApiPage<T>;

export interface AuditQuery {
  /** One type, or several shown together (training content: courses and pages). */
  entity: AuditEntity | AuditEntity[];
  entity_id?: number;
  page: number;
}

export const AUDIT_PAGE_SIZE = 20;

export async function listAuditLog(query: AuditQuery, signal?: AbortSignal): Promise<PageOf<AuditEntry>> {
  const { data } = await apiClient.get<PageOf<AuditEntry>>('/api/admin/audit-log', {
    params: { ...query, pageSize: AUDIT_PAGE_SIZE },
    // Several entity types go as entity=a&entity=b.
    paramsSerializer: { indexes: null },
    signal,
  });
  return data;
}

export const auditKeys = { all: ['admin', 'audit'] as const, list: (q: AuditQuery) => ['admin', 'audit', q] as const };

export const auditLogQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => listAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (query: AuditQuery) => useQuery(auditLogQueryOptions(query));
