import { DataTable, ErrorState, PageSpinner, Pagination, type Column } from '@leadsmith/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../locales';

export interface PagedTableProps<T> {
  /** A page of a server-side list (`{ data, total }`), as every white-label list endpoint answers. */
  query: UseQueryResult<{ data: T[]; total: number }>;
  label: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** One page of a white-label list: a spinner while it loads, a retryable error, then the table and its pager. */
export function PagedTable<T>({ query, label, columns, rowKey, page, pageSize, onPage }: PagedTableProps<T>) {
  const { t } = useTranslation(NAMESPACE);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <ErrorState title={t('kit.loadFailed')} onRetry={() => void query.refetch()} />;
  return (
    <>
      <DataTable label={label} rows={query.data.data} rowKey={rowKey} columns={columns} />
      <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={onPage} />
    </>
  );
}
