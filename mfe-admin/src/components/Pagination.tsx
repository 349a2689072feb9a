import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** Previous / next over a server-side page, with "page x of y (n results)". */
export function Pagination({ page, pageSize, total, onChange }: PaginationProps) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Flex as="nav" aria-label={t('kit.pagination')} align="center" justify="space-between" gap={3} mt={4} wrap="wrap">
      <Text fontSize="sm" data-testid="pagination-summary">
        {t('kit.pageOf', { page, pages, total })}
      </Text>
      <Flex gap={2}>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          {t('kit.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onChange(page + 1)}>
          {t('kit.next')}
        </Button>
      </Flex>
    </Flex>
  );
}
