import { Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_HEADER_ROW_PROPS, TableFrame } from './TableFrame';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Right-aligned (numbers, actions). */
  end?: boolean;
}

export interface DataTableProps<T> {
  /** Announced name of the table (screen readers, tests). */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Said instead of the table when there are no rows (default: the common "no results"). */
  empty?: string;
  /** A row drawn as one cell across every column instead of its columns (its edit form, in place), or null. */
  expandedRow?: (row: T) => ReactNode | null;
}

/** The one table every list uses: labelled, scrolls inside its frame with a sticky header, says so when empty. */
export function DataTable<T>({ label, columns, rows, rowKey, empty, expandedRow }: DataTableProps<T>) {
  const { t } = useTranslation('common');
  if (rows.length === 0) {
    return (
      <Text py={8} textAlign="center" color="fg" data-testid="empty-table">
        {empty ?? t('errors.noResults')}
      </Text>
    );
  }
  return (
    <TableFrame label={label}>
      <Table.Root size="sm" aria-label={label} stickyHeader>
        <Table.Header>
          <Table.Row {...TABLE_HEADER_ROW_PROPS}>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.key} textAlign={c.end ? 'end' : 'start'} color="fg">
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const expanded = expandedRow?.(row) ?? null;
            return (
              <Table.Row key={rowKey(row)}>
                {expanded !== null ? (
                  <Table.Cell colSpan={columns.length}>{expanded}</Table.Cell>
                ) : (
                  columns.map((c) => (
                    <Table.Cell key={c.key} textAlign={c.end ? 'end' : 'start'}>
                      {c.render(row)}
                    </Table.Cell>
                  ))
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </TableFrame>
  );
}
