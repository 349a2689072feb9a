import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '../ErrorState';
import { PageSpinner } from '../PageSpinner';
import { DataTable, type Column } from './DataTable';
import { Pagination } from './Pagination';

export interface PagedTableProps<T> {
  /** A page of a server-side list (`{ data, total }`, the API's one page envelope). */
  query: UseQueryResult<{ data: T[]; total: number }>;
  label: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Title of the retryable error shown when the page could not be loaded (the area's own words). */
  loadFailed: string;
}

/** One page of a list: a spinner while it loads, a retryable error, then the table and its pager. */
export function PagedTable<T>({
  query,
  label,
  columns,
  rowKey,
  page,
  pageSize,
  onPage,
  loadFailed,
}: PagedTableProps<T>) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <ErrorState title={loadFailed} onRetry={() => void query.refetch()} />;
  return (
    <>
      <DataTable label={label} rows={query.data.data} rowKey={rowKey} columns={columns} />
      <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={onPage} />
    </>
  );
}
