import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the list the buttons page through, for screen readers. */
  label: string;
}

/** Server-side pagination controls (page/pageSize/total from the API). */
export function Pagination({ page, pageSize, total, onPageChange, label }: PaginationProps) {
  const { t } = useTranslation('settings');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  return (
    <HStack as="nav" aria-label={t('pagination.label', { list: label })} gap={3} mt={4}>
      <Button size="sm" variant="outline" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        {t('pagination.previous')}
      </Button>
      <Text color="text.primary" aria-live="polite">
        {t('pagination.status', { page, pages, total })}
      </Text>
      <Button size="sm" variant="outline" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
        {t('pagination.next')}
      </Button>
    </HStack>
  );
}
