import { PagedTable as SharedPagedTable, type PagedTableProps as SharedPagedTableProps } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../locales';

export type PagedTableProps<T> = Omit<SharedPagedTableProps<T>, 'loadFailed'>;

/** The shared paged table with the white-label area's load-failure title. */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { t } = useTranslation(NAMESPACE);
  return <SharedPagedTable {...props} loadFailed={t('kit.loadFailed')} />;
}
