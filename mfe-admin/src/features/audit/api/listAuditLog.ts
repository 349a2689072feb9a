import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export type AuditEntity = 'user' | 'plan' | 'topic' | 'partner' | 'prompt' | 'course' | 'page';

export interface AuditEntry {
  id: number;
  action: string;
  entity: AuditEntity;
  entity_id: number;
  entity_label: string | null;
  actor: { id: number; name: string; email: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

export interface PageOf<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}

export interface AuditQuery {
  /** One type, or several shown together (training content: courses and pages). */
  entity: AuditEntity | AuditEntity[];
  entity_id?: number;
  page: number;
}

export const AUDIT_PAGE_SIZE = 20;

export async function listAuditLog(query: AuditQuery, signal?: AbortSignal): Promise<PageOf<AuditEntry>> {
  const { data } = await apiClient.get<PageOf<AuditEntry>>('/api/admin/audit-log', {
    params: { ...query, page_size: AUDIT_PAGE_SIZE },
    // Several entity types go as entity=a&entity=b.
    paramsSerializer: { indexes: null },
    signal,
  });
  return data;
}

export const auditKeys = { all: ['admin', 'audit'] as const, list: (q: AuditQuery) => ['admin', 'audit', q] as const };

export const auditLogQueryOptions = (query: AuditQuery) =>
  queryOptions({ queryKey: auditKeys.list(query), queryFn: ({ signal }) => listAuditLog(query, signal), placeholderData: keepPreviousData });

export const useAuditLog = (query: AuditQuery) => useQuery(auditLogQueryOptions(query));
